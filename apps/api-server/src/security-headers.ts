/**
 * The security headers, defined once: the API's answers and the apps' pages (served by the
 * production server, serving/listeners.ts) take them from here.
 *
 * The session token lives in web storage, so the CSP is the main wall against injected
 * script: scripts only from our own origin, never inline ('unsafe-inline' is absent from
 * script-src; the built index.html has no inline script). Styles keep 'unsafe-inline' because
 * Chakra UI (emotion) writes its styles into <style> tags at run time. Images may come from an
 * https file server (VITE_FILE_SERVER_URL). Violations are reported to /api/csp-report, which
 * the browser tests read to prove the whole suite runs without one.
 */
export const CSP_REPORT_PATH = '/api/csp-report';

export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'report-sample'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "media-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  `report-uri ${CSP_REPORT_PATH}`,
].join('; ');

/** An API answer is data, never a document: nothing in it may run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const COMMON: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Night mode keeps the screen awake; nothing else needs a device feature.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), screen-wake-lock=(self)',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
/** Only over https (a browser ignores it on http, and it must never pin a plain-http deployment). */
const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders(kind: 'page' | 'api', https: boolean): Record<string, string> {
  return {
    ...COMMON,
    'Content-Security-Policy': kind === 'page' ? PAGE_CSP : API_CSP,
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
