import { useEffect, useState } from 'react';

/** Seconds left before a verification code may be requested again. */
export const RESEND_CODE_SECONDS = 60;

export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start: (seconds = RESEND_CODE_SECONDS) => setLeft(seconds) };
}
