import { useReport } from '../components/report-context';
import type { AgpReportModel } from '../model/types';

type EventKind = AgpReportModel['glucoseEvents']['low'];

/**
 * Low and high glucose events of the period with their mean duration, as LibreView's AGP lists
 * them: consensus episodes (Battelino 2023) of at least 15 minutes below the low or above the high
 * threshold, found in the sensor readings by glucose-metrics' `episodes`.
 */
export function GlucoseEventsSection() {
  const { t, fmt, model, unitLabel } = useReport();
  const ev = model.glucoseEvents;
  const row = (kind: 'low' | 'high', summary: EventKind) => (
    <div className={`agp-metric agp-events-${kind}`} data-testid={`agp-events-${kind}`}>
      <span className="agp-metric-name">{t(`report.glucoseEvents.${kind}`)}</span>
      <span className="agp-metric-value agp-big" data-count={summary.count}>
        {fmt.number(summary.count, 0)}
      </span>
      {summary.count > 0 ? (
        <span className="agp-metric-sub">
          {t('report.glucoseEvents.averageDuration', { minutes: fmt.number(summary.meanDurationMinutes, 0) })}
        </span>
      ) : null}
    </div>
  );
  return (
    <section className="agp-block agp-events" aria-labelledby="agp-events" data-testid="agp-glucose-events">
      <h2 id="agp-events">{t('report.glucoseEvents.title')}</h2>
      {row('low', ev.low)}
      {row('high', ev.high)}
      <p className="agp-metric-sub">
        {t('report.glucoseEvents.definition', { low: fmt.glucose(ev.lowBelowMgdl), high: fmt.glucose(ev.highAboveMgdl), unit: unitLabel })}
      </p>
    </section>
  );
}
