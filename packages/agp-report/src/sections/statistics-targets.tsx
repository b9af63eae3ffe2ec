import { CONSENSUS_GOALS, TimeInRangesBar, isGoalMet, type GlucoseRangeKey, type RangeGoal } from '@cgm-portal/charts';
import { isolate } from '@cgm-portal/i18n';
import { DEFAULT_RANGES } from '@cgm-portal/glucose-metrics';
import { useReport } from '../components/report-context';

/** The goal rows of the targets table, in the order of the IDC AGP report; each row's goal key. */
const TARGET_ROWS: readonly (readonly GlucoseRangeKey[])[] = [
  ['target'],
  ['veryLow', 'low'],
  ['veryLow'],
  ['high', 'veryHigh'],
  ['veryHigh'],
];

const sameRanges = (a: readonly GlucoseRangeKey[], b: readonly GlucoseRangeKey[]) => a.length === b.length && a.every((k) => b.includes(k));

function findGoal(set: keyof typeof CONSENSUS_GOALS, ranges: readonly GlucoseRangeKey[]): RangeGoal | undefined {
  return CONSENSUS_GOALS[set].find((g) => sameRanges(g.ranges, ranges));
}

function GoalCell({ goal, met, humanTargets }: { goal: RangeGoal | undefined; met: boolean | null; humanTargets: boolean }) {
  const { t } = useReport();
  if (!goal) return <td>—</td>;
  const text = t(goal.comparator === '>' ? 'agp.goalGreaterThan' : 'agp.goalLessThan', { value: goal.percent });
  return (
    <td>
      {text}
      {humanTargets && met !== null ? (
        <>
          {' '}
          <span className={met ? 'agp-met' : 'agp-not-met'} aria-hidden="true">
            {met ? '✓' : '✗'}
          </span>
          <span className="agp-sr"> {met ? t('agp.goalMet') : t('agp.goalNotMet')}</span>
        </>
      ) : null}
    </td>
  );
}

const NO_BREAK_SPACE = '\u00a0';
/** No line break after the en dash (which allows one). */
const WORD_JOINER = '\u2060';

/**
 * Glucose statistics and targets: each consensus range with the share of readings in it and the
 * goals for type 1 and type 2 diabetes and for older or high-risk people (Battelino 2019), with
 * met or not met. The goals are written against the consensus ranges, so they are evaluated on
 * them even when the member set a custom target range.
 */
export function StatisticsAndTargets() {
  const { t, fmt, model, unitLabel } = useReport();
  const p = model.consensusTimeInRanges;
  const humanTargets = model.metrics.humanTargetsApply;
  const r = DEFAULT_RANGES;
  // A value or range with its unit is one unbreakable, isolated piece: in a narrow column a line
  // may break before it, never inside it ("(3.9–" over "10.0 mmol/L)" read backwards in Arabic).
  const v = (mgdl: number) => isolate(`${fmt.glucose(mgdl)}${NO_BREAK_SPACE}${unitLabel}`);
  const range = (low: number, high: number) => isolate(`${fmt.glucose(low)}${WORD_JOINER}–${WORD_JOINER}${fmt.glucose(high)}${NO_BREAK_SPACE}${unitLabel}`);
  const rowLabel = (keys: readonly GlucoseRangeKey[]) => {
    if (sameRanges(keys, ['target'])) return t('ranges.targetLong', { range: range(r.low, r.high) });
    if (sameRanges(keys, ['veryLow', 'low'])) return t('ranges.below', { value: v(r.low) });
    if (sameRanges(keys, ['veryLow'])) return t('ranges.below', { value: v(r.veryLow) });
    if (sameRanges(keys, ['high', 'veryHigh'])) return t('ranges.above', { value: v(r.high) });
    return t('ranges.above', { value: v(r.veryHigh) });
  };
  return (
    <section className="agp-block agp-statistics" aria-labelledby="agp-statistics">
      <h2 id="agp-statistics">{t('agp.glucoseStatistics')}</h2>
      <p>{t('agp.targetRange', { range: range(model.ranges.low, model.ranges.high) })}</p>
      <div className="agp-table-scroll">
      <table className="agp-targets">
        <thead>
          <tr>
            <th scope="col">{t('agp.rangeColumn')}</th>
            <th scope="col" className="agp-num">
              {t('agp.result')}
            </th>
            {humanTargets ? (
              <>
                {/* The member's goal set (model.goalSet) is marked; both stay visible for the clinician. */}
                <th scope="col" className={model.goalSet === 'standard' ? 'agp-goal-active' : undefined}>
                  {t('agp.goalsType1Type2')}
                </th>
                <th scope="col" className={model.goalSet === 'olderHighRisk' ? 'agp-goal-active' : undefined}>
                  {t('agp.goalsOlderHighRisk')}
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {TARGET_ROWS.map((keys) => {
            const standard = findGoal('standard', keys);
            const older = findGoal('olderHighRisk', keys);
            const value = p ? keys.reduce((sum, k) => sum + p[k], 0) : null;
            return (
              <tr key={keys.join('+')}>
                <th scope="row" style={{ fontWeight: 400 }}>
                  {rowLabel(keys)}
                </th>
                <td className="agp-num">
                  <strong>{fmt.percent(value, humanTargets ? [standard, older].flatMap((goal) => (goal ? [goal.percent] : [])) : [])}</strong>
                </td>
                {humanTargets ? (
                  <>
                    <GoalCell goal={standard} met={p && standard ? isGoalMet(standard, p) : null} humanTargets={humanTargets} />
                    <GoalCell goal={older} met={p && older ? isGoalMet(older, p) : null} humanTargets={humanTargets} />
                  </>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
      {humanTargets ? null : <p className="agp-note">{t('agp.petGoalsNote')}</p>}
      <p className="agp-hint">{t('home.eachPercentIs15Min')}</p>
    </section>
  );
}

/** The stacked time-in-ranges bar over the member's ranges (charts' TimeInRangesBar, static in print). */
export function TimeInRangesSection() {
  const { t, fmt, model, layout, chartWidth } = useReport();
  // The side column of page 1 (report-styles: .agp-summary-grid) is 2/5 of the page.
  const width = chartWidth === undefined ? undefined : Math.floor((chartWidth * 2) / 5) - 8;
  return (
    <section className="agp-block agp-time-in-ranges" aria-labelledby="agp-tir">
      <h2 id="agp-tir">{t('agp.timeInRanges')}</h2>
      <TimeInRangesBar
        percentages={model.timeInRanges}
        unit={model.unit}
        ranges={model.ranges}
        goals="none"
        {...(width !== undefined ? { width } : {})}
        height={layout === 'print' ? 190 : 220}
        locale={fmt.chartLocale}
        direction={model.direction}
        print={layout === 'print'}
        labels={{
          title: t('agp.timeInRangeChart'),
          veryLow: t('ranges.veryLow'),
          low: t('ranges.low'),
          target: t('ranges.target'),
          high: t('ranges.high'),
          veryHigh: t('ranges.veryHigh'),
          range: t('agp.rangeColumn'),
          percent: t('agp.percentOfTime'),
          noData: t('common.noData'),
        }}
      />
    </section>
  );
}
