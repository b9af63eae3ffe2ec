import type { ReactNode } from 'react';
import { useReport } from '../components/report-context';
import { RECOMMENDED_DAYS } from '../model/report-model';
import { GriChart } from './gri-chart';

const GRI_ZONE_KEYS = { A: 'agp.griZones.a', B: 'agp.griZones.b', C: 'agp.griZones.c', D: 'agp.griZones.d', E: 'agp.griZones.e' } as const;

/** Coefficient of variation goal: ≤ 36 % (Battelino 2019; ADA Standards of Care Table 6.2). */
const CV_GOAL_PERCENT = 36;

function Metric({ name, sub, value, className }: { name: string; sub?: ReactNode; value: ReactNode; className?: string }) {
  return (
    <div className={`agp-metric ${className ?? ''}`}>
      <span className="agp-metric-name">{name}</span>
      <span className="agp-metric-value">{value}</span>
      {sub ? <span className="agp-metric-sub">{sub}</span> : null}
    </div>
  );
}

/**
 * Glucose metrics: mean glucose, GMI in % (NGSP/DCCT) and mmol/mol (IFCC), eA1c, CV with its
 * goal and SD. GMI and eA1c are regressions made for people, so a pet's report says they do not
 * apply. On page 1 under the targets, as the IDC AGP lists them beside the statistics.
 */
export function GlucoseMetricsSection() {
  const { t, fmt, model, unitLabel } = useReport();
  const m = model.metrics;
  const mmolMol = t('units.mmolMol');
  const notApplicable = <span className="agp-not-applicable">{t('agp.notApplicablePets')}</span>;
  const withUnit = (value: string, unit: string) => t('units.valueWithUnit', { value, unit });
  return (
    <section className="agp-block agp-metrics" aria-labelledby="agp-metrics">
      <h2 id="agp-metrics">{t('agp.glucoseMetrics')}</h2>
      <Metric
        className="agp-metric-mean"
        name={t('agp.averageGlucose')}
        value={<span className="agp-big agp-ltr">{withUnit(fmt.glucose(m.meanMgdl), unitLabel)}</span>}
      />
      <Metric
        className="agp-metric-gmi"
        name={`${t('report.gmiLong')} (${t('report.gmi')})`}
        value={
          m.a1cEstimatesApply ? (
            <span className="agp-big agp-ltr">
              {fmt.percentOneDecimal(m.gmiPercent)} · {withUnit(fmt.number(m.gmiMmolMol, 0), mmolMol)}
            </span>
          ) : (
            notApplicable
          )
        }
        sub={m.a1cEstimatesApply && model.sufficiency.daysWithData < RECOMMENDED_DAYS ? t('agp.gmiFewDays') : undefined}
      />
      <Metric
        className="agp-metric-ea1c"
        name={t('report.eA1c')}
        value={
          m.a1cEstimatesApply ? (
            <span className="agp-ltr">
              {fmt.percentOneDecimal(m.eA1cPercent)} · {withUnit(fmt.number(m.eA1cMmolMol, 0), mmolMol)}
            </span>
          ) : (
            notApplicable
          )
        }
      />
      <Metric
        className="agp-metric-cv"
        name={`${t('report.cvLong')} (${t('report.cv')})`}
        value={<span className="agp-big">{fmt.percent(m.cvPercent)}</span>}
        sub={t('agp.goalAtMost', { value: CV_GOAL_PERCENT })}
      />
      <Metric className="agp-metric-sd" name={`${t('report.sdLong')} (${t('report.sd')})`} value={<span className="agp-ltr">{withUnit(fmt.glucose(m.sdMgdl), unitLabel)}</span>} />
    </section>
  );
}

/**
 * The glycaemia risk index with its zone and its place on the GRI grid (Klonoff 2023), on page 1
 * beside the time in ranges. It is a rating made for people, so a pet's report says it does not apply.
 */
export function GriSection() {
  const { t, fmt, model, layout } = useReport();
  const m = model.metrics;
  const notApplicable = <span className="agp-not-applicable">{t('agp.notApplicablePets')}</span>;
  return (
    <section className="agp-block agp-gri" aria-labelledby="agp-gri">
      <Metric
        className="agp-metric-gri"
        name={`${t('report.griLong')} (${t('report.gri')})`}
        value={m.gri ? <span className="agp-big">{fmt.number(m.gri.value, 0)}</span> : m.humanTargetsApply ? t('common.noData') : notApplicable}
        sub={
          m.gri ? (
            <>
              {t('agp.griZone')}: <strong>{t(GRI_ZONE_KEYS[m.gri.zone])}</strong> · {t('agp.griHypoComponent')}: {fmt.number(m.gri.hypo, 1)} · {t('agp.griHyperComponent')}:{' '}
              {fmt.number(m.gri.hyper, 1)}
            </>
          ) : undefined
        }
      />
      {m.gri ? (
        <GriChart
          gri={m.gri}
          title={`${t('agp.griChart')}: ${t(GRI_ZONE_KEYS[m.gri.zone])}`}
          hypoLabel={t('agp.griHypoComponent')}
          hyperLabel={t('agp.griHyperComponent')}
          formatNumber={(v) => fmt.number(v, 0)}
          {...(layout === 'print' ? { width: 250, height: 150 } : {})}
        />
      ) : null}
    </section>
  );
}
