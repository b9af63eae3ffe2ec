import type { Browser } from 'playwright-core';
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM_PATH } from './chromium';

/** How long a report page may take to load its data and draw before the print fails. */
const PAGE_READY_TIMEOUT_MS = 60_000;

/**
 * Prints portal pages to PDF with headless Chromium: the same print layout the browser's Print
 * button uses, so screen, print and PDF share one layout. One browser is kept warm; each print
 * gets its own context (no shared storage between members).
 */
export class ReportPrinter {
  private browser: Promise<Browser> | undefined;

  constructor(private readonly executablePath = process.env.CGM_CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH) {}

  private launch(): Promise<Browser> {
    this.browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({
        executablePath: this.executablePath,
        // Without the host's font hinting, the PDF's text is set the same on every machine.
        args: [...CHROMIUM_ARGS, '--font-render-hinting=none'],
      }),
    );
    this.browser.catch(() => {
      this.browser = undefined;
    });
    return this.browser;
  }

  /** Opens `url`, waits for the report to mark itself ready, and returns the PDF bytes. */
  async print(url: string): Promise<Uint8Array> {
    const browser = await this.launch();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      const outcome = await page.waitForSelector('[data-report-ready="true"], [data-report-error="true"]', { timeout: PAGE_READY_TIMEOUT_MS });
      if ((await outcome.getAttribute('data-report-error')) === 'true') {
        throw new Error(`report page failed: ${(await outcome.innerText()).slice(0, 200)}`);
      }
      // Fonts are loaded before printing (the page's own document, not this process).
      await page.evaluate('document.fonts.ready.then(() => true)');
      // The page's @page rule decides A4 or Letter.
      return await page.pdf({ preferCSSPageSize: true, printBackground: true });
    } finally {
      await context.close();
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser).close().catch(() => undefined);
  }
}
