import { useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * The browser's Print for a report: switch to the print layout, print, and switch back when
 * the print dialog closes. One place for the member's page and the public report page.
 */
export function usePrintLayout(): { printing: boolean; print: () => void } {
  const [printing, setPrinting] = useState(false);
  const print = () => {
    flushSync(() => setPrinting(true));
    const restore = () => {
      setPrinting(false);
      window.removeEventListener('afterprint', restore);
    };
    window.addEventListener('afterprint', restore);
    window.print();
  };
  return { printing, print };
}
