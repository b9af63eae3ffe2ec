import type { ReportData } from '@cgm-portal/api-client';
import { AgpReport, buildReportModel, type PageSize, type ReportDetail } from '@cgm-portal/agp-report';
import type { LanguageCode } from '@cgm-portal/i18n';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../session/session-context';
import { reportOptionsOf } from './report-input';

/**
 * Loads one language's catalog for a report without changing the portal's own language: a
 * report link in Persian opens in Persian even in an app whose interface is English only.
 */
export function useReportLanguage(language: LanguageCode): boolean {
  const { i18n } = useSession();
  const [loaded, setLoaded] = useState<LanguageCode | null>(null);
  useEffect(() => {
    let live = true;
    void i18n.loadLanguage(language).then(() => live && setLoaded(language));
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return loaded === language;
}

/**
 * The AGP report of the server's report data: the model is built once per data and language
 * (every number from glucose-metrics) and laid out for the screen or for print. The
 * `data-report-ready` mark tells the PDF printer the page is complete.
 */
export function AgpReportView({
  data,
  language,
  layout,
  pageSize = 'A4',
  detail = 'agp',
}: {
  data: ReportData;
  language: LanguageCode;
  layout: 'screen' | 'print';
  pageSize?: PageSize;
  detail?: ReportDetail;
}) {
  const ready = useReportLanguage(language);
  const model = useMemo(() => buildReportModel(data.readings, reportOptionsOf(data, language)), [data, language]);
  if (!ready) return null;
  return (
    <div data-report-ready="true" data-testid="agp-report">
      <AgpReport model={model} layout={layout} pageSize={pageSize} detail={detail} />
    </div>
  );
}
