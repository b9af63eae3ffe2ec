import { formatDateTime } from '@cgm-portal/i18n';
import { useReport } from '../components/report-context';
import { REPORT_SOURCES } from './sources';

/** The last page: end of report, when it was made, the sources of its targets and indices. */
export function EndPage() {
  const { t, model } = useReport();
  return (
    <section className="agp-block agp-end" aria-labelledby="agp-end">
      <h2 id="agp-end">{t('agp.endPage')}</h2>
      <p>{t('agp.generatedOn', { date: formatDateTime(model.generatedAt, { zone: model.timeZone, lang: model.language }) })}</p>
      {model.metrics.humanTargetsApply ? null : <p className="agp-note">{t('agp.petGoalsNote')}</p>}
      <h3>{t('agp.sources')}</h3>
      <ol className="agp-sources" dir="ltr" lang="en" style={{ fontSize: 10, paddingInlineStart: 18 }}>
        {REPORT_SOURCES.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </section>
  );
}

/** Shown instead of the AGP sections when fewer than 5 days hold data (spec §5, §8, §9). */
export function InsufficientDataSection() {
  const { t, model } = useReport();
  return (
    <section className="agp-block agp-insufficient" aria-labelledby="agp-insufficient">
      <h2 id="agp-insufficient">{t('agp.insufficientData')}</h2>
      <p className="agp-message" role="status">
        {t('report.agpNeeds5Days', { minDays: model.sufficiency.minDays })}
      </p>
    </section>
  );
}
