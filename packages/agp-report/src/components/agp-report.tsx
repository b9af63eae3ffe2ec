import { useTranslation } from '@cgm-portal/i18n';
import { useMemo, type ReactNode } from 'react';
import { chunk, DAYS_PER_DAILY_PAGE } from '../model/report-model';
import type { AgpReportModel } from '../model/types';
import { AllDayChartsSection, AgpProfileSection, DailyProfilesSection, MultiDayTrendSection } from '../sections/chart-sections';
import { DailyStatisticsSection } from '../sections/daily-statistics';
import { EndPage, InsufficientDataSection } from '../sections/end-page';
import { GlucoseEventsSection } from '../sections/glucose-events';
import { GlucoseMetricsSection, GriSection } from '../sections/glucose-metrics';
import { ReportHeader, SensorSessionsSection } from '../sections/report-header';
import { StatisticsAndTargets, TimeInRangesSection } from '../sections/statistics-targets';
import { createReportFormat } from './format';
import { ALL_DAY_CHARTS_PER_PAGE, DAILY_STATISTICS_ROWS_PER_PAGE, contentWidthPx, type PageSize } from './page-geometry';
import { ReportContext, type ReportContextValue } from './report-context';
import { reportStyles } from './report-styles';

export interface AgpReportProps {
  /** From buildReportModel(). */
  model: AgpReportModel;
  /**
   * 'screen': sections stacked in the page's width, interactive charts. 'print': page-sized blocks
   * with page breaks and `@page` size, static SVG charts, for the Print button and the PDF.
   * @default 'screen'
   */
  layout?: 'screen' | 'print';
  /** Paper of the print layout. @default 'A4' */
  pageSize?: PageSize;
  /** The AGP's two pages alone, or followed by the daily detail. @default 'agp' */
  detail?: ReportDetail;
}

/** The kinds of page the report is made of, in order. */
export type ReportPageKind =
  | 'summary'
  | 'agp'
  | 'daily-profiles'
  | 'trend'
  | 'all-day-charts'
  | 'daily-statistics'
  | 'end';

/**
 * How much the report holds: 'agp' is the IDC AGP's two pages (statistics, time in ranges, GRI
 * and the AGP curve on page 1, the latest 14 daily profiles on page 2); 'full' adds the detail
 * pages after them (earlier daily profiles, multi-day trend, all-day charts, daily statistics,
 * sensor sessions and sources).
 */
export type ReportDetail = 'agp' | 'full';

interface ReportPage {
  key: string;
  kind: ReportPageKind;
  content: ReactNode;
}

/** The pages of the report. With fewer than 5 days of data the AGP sections give way to the message. */
function reportPages(model: AgpReportModel, pageSize: PageSize, detail: ReportDetail): ReportPage[] {
  if (!model.agp) {
    return [
      {
        key: 'summary',
        kind: 'summary',
        content: (
          <>
            <ReportHeader />
            <InsufficientDataSection />
          </>
        ),
      },
      ...(detail === 'full' ? [{ key: 'end', kind: 'end' as const, content: <EndPage /> }] : []),
    ];
  }
  const profile = model.agp;
  // Page 2 holds the latest two weeks, as the IDC report does; earlier weeks are detail.
  const latest = model.days.slice(-DAYS_PER_DAILY_PAGE);
  const earlier = model.days.slice(0, -DAYS_PER_DAILY_PAGE);
  const pages: ReportPage[] = [
    {
      key: 'agp',
      kind: 'agp',
      content: (
        <>
          <ReportHeader />
          <div className="agp-summary-grid">
            <div className="agp-summary-main">
              <StatisticsAndTargets />
              <GlucoseMetricsSection />
              {/* Beside the statistics, not under the GRI: the side column is the taller one, and
                  under it the events pushed page 1 past A4 in French, Bulgarian, Armenian,
                  Macedonian and Turkish (a third, blank page in the 2-page PDF). */}
              <GlucoseEventsSection />
            </div>
            <div className="agp-summary-side">
              <TimeInRangesSection />
              <GriSection />
            </div>
          </div>
          <AgpProfileSection profile={profile} />
        </>
      ),
    },
    { key: `daily-${latest[0]?.date ?? ''}`, kind: 'daily-profiles', content: <DailyProfilesSection days={latest} /> },
  ];
  if (detail === 'agp') return pages;
  chunk(earlier, DAYS_PER_DAILY_PAGE).forEach((days) =>
    pages.push({ key: `daily-${days[0]!.date}`, kind: 'daily-profiles', content: <DailyProfilesSection days={days} /> }),
  );
  pages.push({ key: 'trend', kind: 'trend', content: <MultiDayTrendSection /> });
  chunk(model.days, ALL_DAY_CHARTS_PER_PAGE[pageSize]).forEach((days) =>
    pages.push({ key: `all-day-${days[0]!.date}`, kind: 'all-day-charts', content: <AllDayChartsSection days={days} /> }),
  );
  chunk(model.dailyStatistics, DAILY_STATISTICS_ROWS_PER_PAGE).forEach((rows) =>
    pages.push({ key: `stats-${rows[0]!.date}`, kind: 'daily-statistics', content: <DailyStatisticsSection rows={rows} /> }),
  );
  pages.push({
    key: 'end',
    kind: 'end',
    content: (
      <>
        <SensorSessionsSection />
        <EndPage />
      </>
    ),
  });
  return pages;
}

/**
 * The AGP report of one period, in the model's language (the caller loads that language's
 * catalog, e.g. PortalI18n.setLanguage), laid out for the screen or for paper. Right-to-left
 * languages set `dir="rtl"` on the root; charts keep time running left to right.
 *
 * Page 1 holds the statistics, time in ranges and the AGP curve, page 2 the daily profiles
 * (IDC AGP v5); `detail="full"` adds the daily charts and statistics by day.
 *
 * @example
 * await portalI18n.setLanguage(model.language);
 * <AgpReport model={buildReportModel(readings, options)} layout="print" pageSize="A4" />
 */
export function AgpReport({ model, layout = 'screen', pageSize = 'A4', detail = 'agp' }: AgpReportProps) {
  const { t } = useTranslation(undefined, { lng: model.language });
  const value = useMemo<ReportContextValue>(
    () => ({
      model,
      t,
      fmt: createReportFormat(model.language, model.unit, model.timeZone),
      layout,
      pageSize,
      chartWidth: layout === 'print' ? contentWidthPx(pageSize) : undefined,
      unitLabel: model.unit === 'mmol/L' ? t('units.mmoll') : t('units.mgdl'),
    }),
    [model, t, layout, pageSize],
  );
  const pages = useMemo(() => reportPages(model, pageSize, detail), [model, pageSize, detail]);
  const fmt = value.fmt;
  const print = layout === 'print';
  const period = t('report.dateRange', { from: fmt.date(model.period.from), to: fmt.date(model.period.to - 1) });

  return (
    <ReportContext.Provider value={value}>
      <article
        className={`agp-report agp-${layout}`}
        dir={model.direction}
        lang={model.language}
        data-layout={layout}
        data-page-size={pageSize}
        data-detail={detail}
        aria-label={t('agp.reportTitle')}
      >
        <style>{reportStyles(layout, pageSize)}</style>
        {pages.map((page, i) => (
          <section
            key={page.key}
            className="agp-page"
            data-page-kind={page.kind}
            // Inline as well as in the stylesheet, so the break survives whatever CSS the host page loads.
            style={print && i > 0 ? { breakBefore: 'page' } : undefined}
          >
            {print ? (
              <div className="agp-page-head" aria-hidden="true">
                <span>{t('agp.reportTitle')}</span>
                <span>{model.subject.name}</span>
                <span>{period}</span>
              </div>
            ) : null}
            <div className="agp-page-body">{page.content}</div>
            {print ? <div className="agp-page-foot">{t('agp.pageOf', { page: i + 1, total: pages.length })}</div> : null}
          </section>
        ))}
      </article>
    </ReportContext.Provider>
  );
}
