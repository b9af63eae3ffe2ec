import { isHi, isLo } from '@cgm-portal/charts';
import { useReport } from '../components/report-context';
import type { DailyStatisticsRow } from '../model/types';

/** One page of the daily statistics table: a row per local day, from each day's glucose-metrics summary. */
export function DailyStatisticsSection({ rows }: { rows: readonly DailyStatisticsRow[] }) {
  const { t, fmt, unitLabel } = useReport();
  // Values outside the sensor's span are written as the device shows them.
  const extreme = (mgdl: number | null) => (mgdl === null ? fmt.glucose(null) : isLo(mgdl) ? t('agp.sensorLo') : isHi(mgdl) ? t('agp.sensorHi') : fmt.glucose(mgdl));
  const first = rows[0]?.date ?? '';
  return (
    <section className="agp-block agp-daily-statistics" aria-labelledby={`agp-stats-${first}`}>
      <h2 id={`agp-stats-${first}`}>{t('agp.dailyStatistics')}</h2>
      {/* On a phone the table scrolls in its own box; focusable so a keyboard can scroll it. */}
      <div className="agp-table-scroll" tabIndex={0} role="region" aria-labelledby={`agp-stats-${first}`}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('common.date')}</th>
              <th scope="col" className="agp-num">
                {t('agp.readingsColumn')}
              </th>
              <th scope="col" className="agp-num">
                {t('report.average')} ({unitLabel})
              </th>
              <th scope="col" className="agp-num">
                {t('report.min')}
              </th>
              <th scope="col" className="agp-num">
                {t('report.max')}
              </th>
              <th scope="col" className="agp-num">
                {t('report.sd')}
              </th>
              <th scope="col" className="agp-num">
                {t('report.cv')}
              </th>
              <th scope="col" className="agp-num">
                {t('ranges.tbr')}
              </th>
              <th scope="col" className="agp-num">
                {t('ranges.tir')}
              </th>
              <th scope="col" className="agp-num">
                {t('ranges.tar')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.date}>
                <th scope="row" style={{ fontWeight: 400 }}>
                  {fmt.localDate(r.date)}
                </th>
                <td className="agp-num">{fmt.number(r.readings)}</td>
                <td className="agp-num">{fmt.glucose(r.meanMgdl)}</td>
                <td className="agp-num">{extreme(r.minMgdl)}</td>
                <td className="agp-num">{extreme(r.maxMgdl)}</td>
                <td className="agp-num">{fmt.glucose(r.sdMgdl)}</td>
                <td className="agp-num">{fmt.percent(r.cvPercent)}</td>
                <td className="agp-num">{fmt.percent(r.tbrPercent)}</td>
                <td className="agp-num">{fmt.percent(r.tirPercent)}</td>
                <td className="agp-num">{fmt.percent(r.tarPercent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
