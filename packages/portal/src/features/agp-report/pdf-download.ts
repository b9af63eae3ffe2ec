import { lanCode, type LanguageCode } from '@cgm-portal/i18n';
import { tokenStore } from '../../session/token-store';

/** The server's PDF call answers a file, not the JSON envelope, so it is fetched here directly. */
export const REPORT_PDF_PATH = '/api/web/userReport/pdf';

export interface PdfRequest {
  memberId?: number;
  from: number;
  to: number;
  lang: LanguageCode;
  pageSize: 'A4' | 'Letter';
  /** The AGP's two pages alone, or with the daily detail after them. */
  detail: 'agp' | 'full';
}

/** Asks the server to print the report and saves the file; throws with the server's message. */
export async function downloadReportPdf(request: PdfRequest, uiLanguage: LanguageCode, fileName: string): Promise<void> {
  const base = ((import.meta.env as Record<string, string | undefined>).VITE_API_BASE_URL ?? '').replace(/\/+$/, '');
  const response = await fetch(`${base}${REPORT_PDF_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      xToken: tokenStore.get() ?? '',
      lanCode: lanCode(uiLanguage),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    body: JSON.stringify(request),
  });
  if (!response.headers.get('content-type')?.startsWith('application/pdf')) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || `HTTP ${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
