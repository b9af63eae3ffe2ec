import type { Hono } from 'hono';
import { z } from 'zod';
import { ResponseCode } from '@cgm-portal/api-client/contract';
import { memberToView } from '../access';
import { Problem, randomId, sha256, viewerOfToken, type Deps } from '../http';
import { translate } from '../i18n/messages';
import type { ReportPrinter } from './printer';
import { RenderQueueFull, type RenderQueue } from './render-queue';

/** The PDF call: not part of the JSON contract because it answers a file. */
export const REPORT_PDF_PATH = '/api/web/userReport/pdf';
/** The one-use token the printer's page reads the report with; it never leaves this server. */
const PRINT_TOKEN_TTL_MS = 2 * 60 * 1000;
/** Longest period a report covers (a year and a day, as the readings call allows). */
const MAX_SPAN_MS = 367 * 86_400_000;
/**
 * PDFs one viewer may ask for in an hour, counted atomically in the database before any work:
 * plenty for a clinic printing its patients, and a bound on what one account can make the
 * server render (each costs a Chromium page).
 */
export const PDFS_PER_VIEWER_PER_HOUR = 30;
const HOUR_MS = 3_600_000;

const pdfRequest = z
  .object({
    memberId: z.number().int().positive().optional(),
    from: z.number().int().nonnegative(),
    to: z.number().int().nonnegative(),
    lang: z.enum(['en', 'zh', 'ar', 'cs', 'it', 'sl', 'hr', 'bg', 'hy', 'fr', 'hu', 'pt', 'mk', 'sr', 'sk', 'tr', 'fa', 'es']),
    pageSize: z.enum(['A4', 'Letter']).default('A4'),
    // The IDC AGP's two pages unless the daily detail is asked for.
    detail: z.enum(['agp', 'full']).default('agp'),
  })
  .strict()
  .refine((r) => r.from < r.to && r.to - r.from <= MAX_SPAN_MS, { message: 'period', path: ['to'] });

export interface ReportPdfOptions {
  printer: ReportPrinter;
  /**
   * Portal origins the printer may open (CGM_PORTAL_ORIGINS). The request's Origin picks the
   * variant app to print with (its theme and fonts); anything not listed is refused, so the
   * server can never be made to load an arbitrary address.
   */
  portalOrigins: readonly string[];
  /** The line every render of this server waits in (render-queue.ts). */
  queue: RenderQueue;
}

/**
 * POST /api/web/userReport/pdf: the AGP report of a period as a real (text) PDF. Who may see the
 * member is decided exactly as for loadReport (memberToView); the printer's page reads the data
 * with a short-lived token of the same viewer, revoked as soon as the PDF is made.
 */
export function mountReportPdf(app: Hono, deps: Deps, options: ReportPdfOptions): void {
  app.post(REPORT_PDF_PATH, async (c) => {
    const lanCode = c.req.header('lanCode') ?? 'en_US';
    const fail = (code: number, key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
      c.json({ code, message: translate(lanCode, key, params) });
    // Refusals for load answer HTTP 429 too, so proxies and scripts see them for what they are.
    const busy = (key: 'tooManyReports' | 'serverBusy', retryAfterSeconds: number) =>
      c.json({ code: ResponseCode.tooManyAttempts, message: translate(lanCode, key) }, 429, { 'Retry-After': String(retryAfterSeconds) });
    const token = c.req.header('xToken');
    const viewer = token ? await viewerOfToken(deps, token) : null;
    if (!viewer) return fail(ResponseCode.loginExpired, 'loginExpired');

    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return fail(ResponseCode.invalidPayload, 'invalidPayload', { field: 'body' });
    }
    const parsed = pdfRequest.safeParse(body);
    if (!parsed.success) return fail(ResponseCode.invalidPayload, 'invalidPayload', { field: String(parsed.error.issues[0]?.path.join('.') || 'body') });
    const request = parsed.data;

    const origin = c.req.header('origin') ?? '';
    if (!options.portalOrigins.includes(origin)) return fail(ResponseCode.noPermission, 'noPermission');

    let member;
    try {
      member = await memberToView(deps.store, viewer.member, request.memberId, deps.now());
    } catch (error) {
      if (error instanceof Problem) return fail(error.code, error.key);
      throw error;
    }

    const rateKey = `reportPdf:${viewer.member.id}`;
    const used = await deps.store.countAttempt(rateKey, deps.now(), HOUR_MS);
    if (used > PDFS_PER_VIEWER_PER_HOUR) return busy('tooManyReports', HOUR_MS / 1000);

    const started = Date.now();
    let outcome;
    try {
      // The print token is made once the render's turn comes, so a long wait cannot outlive it.
      outcome = await options.queue.run(() => printReport(deps, options.printer, viewer.member.id, `${origin}/reportPdf/${member.id}`, request));
    } catch (error) {
      if (error instanceof RenderQueueFull) {
        // Nothing was rendered: the refusal does not use up one of the viewer's PDFs.
        await deps.store.refundAttempt(rateKey);
        return busy('serverBusy', 30);
      }
      console.error('report PDF failed:', error instanceof Error ? error.message : error);
      return fail(ResponseCode.serverError, 'serverError');
    }
    const day = new Date(request.to - 1).toISOString().slice(0, 10);
    return c.body(outcome.value as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="agp-report-${member.id}-${day}-${request.lang}.pdf"`,
      'Cache-Control': 'no-store',
      'X-Render-Ms': String(Date.now() - started),
      'X-Queue-Wait-Ms': String(Math.round(outcome.waitedMs)),
    });
  });
}

/**
 * One render: a one-use token of the viewer for the printer's page, revoked as soon as the PDF
 * is made. Needs only the viewer, the page and the request, so it can run as a job as well.
 */
async function printReport(deps: Deps, printer: ReportPrinter, viewerId: number, page: string, request: z.infer<typeof pdfRequest>): Promise<Uint8Array> {
  const printToken = randomId(32);
  const tokenHash = await sha256(printToken);
  const now = deps.now();
  await deps.store.insertToken({ tokenHash, memberId: viewerId, createdAt: now, expiresAt: now + PRINT_TOKEN_TTL_MS, revokedAt: null });
  const query = new URLSearchParams({
    internalXToken: printToken,
    lang: request.lang,
    from: String(request.from),
    to: String(request.to),
    pageSize: request.pageSize,
    detail: request.detail,
  });
  try {
    return await printer.print(`${page}?${query}`);
  } finally {
    await deps.store.updateToken(tokenHash, { revokedAt: deps.now() });
  }
}

/** CGM_PORTAL_ORIGINS, comma-separated; by default the three apps as scripts/start.mjs serves them. */
export function portalOriginsFrom(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = (env.CGM_PORTAL_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  if (listed.length > 0) return listed;
  return [5171, 5172, 5173].flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}
