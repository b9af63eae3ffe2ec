/**
 * Content-Security-Policy violations the browsers report (report-uri /api/csp-report). Each
 * is logged (directive and the blocked resource's origin, never a URL's path or query) and
 * counted; the browser tests read the count through a test hook and expect none.
 */
export interface CspViolation {
  directive: string;
  blocked: string;
  sample: string;
}
const seen: CspViolation[] = [];

export function recordCspReport(body: unknown): void {
  const report = (body as { 'csp-report'?: Record<string, unknown> } | undefined)?.['csp-report'] ?? (Array.isArray(body) ? (body[0] as { body?: Record<string, unknown> })?.body : undefined);
  if (!report || typeof report !== 'object') return;
  const text = (key: string) => (typeof report[key] === 'string' ? (report[key] as string) : '');
  const blockedUri = text('blocked-uri') || text('blockedURL');
  let blocked = blockedUri;
  try {
    blocked = new URL(blockedUri).origin;
  } catch {
    // 'inline', 'eval', 'data' and the like are kept as they are.
  }
  const violation = {
    directive: (text('violated-directive') || text('effectiveDirective')).slice(0, 80),
    blocked: blocked.slice(0, 120),
    sample: (text('script-sample') || text('sample')).slice(0, 40),
  };
  if (seen.length < 200) seen.push(violation);
  console.warn(`csp violation: ${violation.directive} blocked ${violation.blocked}`);
}

export const cspViolations = (): readonly CspViolation[] => seen;
