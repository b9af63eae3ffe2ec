import { AgpChart, DailySmallMultiples, DailyTrendChart, GlucoseTrace } from '@cgm-portal/charts';
import { AGP_MIN_DAYS, type AgpProfile, type DailyProfile } from '@cgm-portal/glucose-metrics';
import { useReport } from '../components/report-context';

/** Charts' `{placeholder}` templates from i18next strings: the placeholders pass through as text. */
const keep = (name: string) => `{${name}}`;

/** The AGP curve's height on paper, px: as tall as page 1 allows in every language. */
const AGP_PRINT_HEIGHT = { A4: 240, Letter: 200 } as const;

/** The AGP: 5–95 % and 25–75 % bands and the median over one day, midnight to midnight (IDC AGP v5). */
export function AgpProfileSection({ profile }: { profile: AgpProfile }) {
  const { t, fmt, model, layout, chartWidth, pageSize } = useReport();
  return (
    <section className="agp-block agp-profile" aria-labelledby="agp-profile">
      <h2 id="agp-profile">{t('agp.agpProfile')}</h2>
      <p className="agp-hint">{t('agp.agpProfileHint')}</p>
      <h3>{t('agp.glucoseProfileMidnight')}</h3>
      <AgpChart
        profile={profile}
        unit={model.unit}
        ranges={model.ranges}
        {...(chartWidth !== undefined ? { width: chartWidth } : {})}
        // Page 1 holds the header, statistics, ranges, GRI, events and this curve: in the longest
        // languages on US Letter (18 mm shorter than A4) the curve must give up a little height.
        height={layout === 'print' ? AGP_PRINT_HEIGHT[pageSize] : 320}
        locale={fmt.chartLocale}
        // Laid out as the IDC AGP template in every language: time left to right, the glucose axis
        // on the left, the percentile names past midnight on the right, so a clinician reads any
        // patient's AGP the same way. (The overlap of names and axis that a right-to-left layout
        // once had is fixed in AgpChart; it is not why.) The text stays in the page language; the
        // figure's ltr only reaches its hidden data table, as the AGP is left out under 5 days.
        direction="ltr"
        timeDirection="ltr"
        print={layout === 'print'}
        labels={{
          title: t('agp.agpProfile'),
          summary: t('agp.agpChartSummary', { days: keep('days') }),
          time: t('report.timeOfDay'),
          p5: t('agp.percentile5'),
          p25: t('agp.percentile25'),
          median: t('agp.median'),
          p75: t('agp.percentile75'),
          p95: t('agp.percentile95'),
          noData: t('common.noData'),
          fewDays: t('report.agpNeeds5Days', { minDays: AGP_MIN_DAYS }),
        }}
      />
    </section>
  );
}

/** Mean glucose of each day with its lowest and highest reading, over the whole period. */
export function MultiDayTrendSection() {
  const { t, fmt, model, layout, chartWidth } = useReport();
  return (
    <section className="agp-block agp-trend" aria-labelledby="agp-trend">
      <h2 id="agp-trend">{t('agp.multiDayTrend')}</h2>
      <DailyTrendChart
        days={model.trend}
        unit={model.unit}
        ranges={model.ranges}
        {...(chartWidth !== undefined ? { width: chartWidth } : {})}
        height={layout === 'print' ? 420 : 260}
        locale={fmt.chartLocale}
        direction={model.direction}
        timeDirection="ltr"
        print={layout === 'print'}
        labels={{
          title: t('agp.multiDayTrend'),
          date: t('common.date'),
          value: t('agp.averageGlucose'),
          lowest: t('report.min'),
          highest: t('report.max'),
          noData: t('common.noData'),
          lo: t('agp.sensorLo'),
          hi: t('agp.sensorHi'),
        }}
      />
    </section>
  );
}

/** Days per row of the daily glucose profiles: a week, so a page of 14 holds two weeks (IDC AGP v5). */
export const DAILY_PROFILE_COLUMNS = 7;

/** One page of daily glucose profiles: 14 days, a week per row. */
export function DailyProfilesSection({ days }: { days: readonly DailyProfile[] }) {
  const { t, fmt, model, layout, chartWidth } = useReport();
  return (
    <section className="agp-block agp-daily-profiles" aria-labelledby={`agp-daily-${days[0]?.date ?? ''}`} data-days={days.length}>
      <h2 id={`agp-daily-${days[0]?.date ?? ''}`}>{t('agp.dailyGlucoseProfiles')}</h2>
      <p className="agp-hint">{t('agp.dailyProfilesHint')}</p>
      <DailySmallMultiples
        days={days}
        unit={model.unit}
        ranges={model.ranges}
        columns={DAILY_PROFILE_COLUMNS}
        cellHeight={layout === 'print' ? 150 : 90}
        {...(chartWidth !== undefined ? { width: chartWidth } : {})}
        locale={fmt.chartLocale}
        direction={model.direction}
        timeDirection="ltr"
        print={layout === 'print'}
        labels={{
          title: t('agp.dailyGlucoseProfiles'),
          date: t('common.date'),
          readings: t('agp.readingsColumn'),
          lowest: t('report.min'),
          highest: t('report.max'),
          noData: t('agp.noDataDay'),
          lo: t('agp.sensorLo'),
          hi: t('agp.sensorHi'),
        }}
      />
    </section>
  );
}

/** One page of all-day charts: each day's full glucose trace, midnight to midnight. */
export function AllDayChartsSection({ days }: { days: readonly DailyProfile[] }) {
  const { t, fmt, model, layout, chartWidth } = useReport();
  return (
    <section className="agp-block agp-all-day" aria-labelledby={`agp-allday-${days[0]?.date ?? ''}`} data-days={days.length}>
      <h2 id={`agp-allday-${days[0]?.date ?? ''}`}>{t('agp.allDayCharts')}</h2>
      {days.map((day) => {
        const title = fmt.localDate(day.date);
        return (
          <div className="agp-day" key={day.date}>
            <h3>{title}</h3>
            <GlucoseTrace
              readings={day.readings}
              start={day.start}
              end={day.end}
              unit={model.unit}
              timeZone={model.timeZone}
              ranges={model.ranges}
              {...(chartWidth !== undefined ? { width: chartWidth } : {})}
              height={layout === 'print' ? 130 : 160}
              locale={fmt.chartLocale}
              direction={model.direction}
              timeDirection="ltr"
              print={layout === 'print'}
              labels={{
                title,
                summary: t('agp.traceSummary', { readings: keep('count'), start: keep('start'), end: keep('end'), gaps: keep('gaps') }),
                keyboardHint: t('agp.traceKeyboardHint'),
                time: t('common.time'),
                lowest: t('report.min'),
                highest: t('report.max'),
                readings: t('agp.readingsColumn'),
                lo: t('agp.sensorLo'),
                hi: t('agp.sensorHi'),
                noData: t('agp.noDataDay'),
              }}
            />
          </div>
        );
      })}
    </section>
  );
}
