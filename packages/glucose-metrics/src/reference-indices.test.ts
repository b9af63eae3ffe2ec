/**
 * Agreement with iglu 4.3.0 for the measures of issue 17 (METRICS.md §9): distribution, risk
 * indices, variability on the grid, the SD and CV sub-measures and the glycaemic episodes, for
 * Subjects 1 and 2 (iglu-expected.json, iglu-episodes-and-indices.json and all_metrics), and the
 * synthetic cases. 1e-9 relative wherever iglu's rules are reproduced.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { episodes } from './episodes.js';
import { aucHourly, mag } from './grid-variability.js';
import { summarize } from './summarize.js';
import { agreement, expectRel } from './test-support/agreement.js';
import { EXAMPLE_ZONE, exampleData, type Expected, expectedValues, parseCsv, readReference, syntheticData } from './test-support/reference.js';
import type { GlucoseSummary, Reading } from './types.js';
import type { EpisodeKindSummary } from './episodes.js';

const TOL = 1e-9;
const { example, synthetic } = expectedValues();
const subjects = ['Subject 1', 'Subject 2'] as const;

interface EpisodeRef {
  avg_ep_per_day: number;
  avg_ep_duration: number;
  avg_ep_gl: number | null;
  total_episodes: number;
}
type IndicesRef = {
  episodes: Record<string, EpisodeRef>;
  sd_measures: Record<string, number>;
  cv_measures: Record<string, number>;
} & Record<string, number>;
const indices = JSON.parse(readReference('iglu-episodes-and-indices.json')) as Record<string, IndicesRef>;
const allMetrics = new Map(parseCsv(readReference('iglu_all_metrics_subjects_1_2.csv')).map((r) => [r.id!, r]));

const e = (x: Expected, k: string): number | null => {
  const v = x[k];
  if (v === undefined) throw new Error(`reference lacks ${k}`);
  return v as number | null;
};

/** The reading-based and grid measures iglu-expected.json holds, for any case. */
function checkExpected(name: string, s: GlucoseSummary, x: Expected, readings: Reading[], zone: string): void {
  const pairs: [keyof GlucoseSummary, string][] = [
    ['median', 'median'],
    ['q5', 'q5'],
    ['q25', 'q25'],
    ['q75', 'q75'],
    ['q95', 'q95'],
    ['iqr', 'iqr'],
    ['mad', 'mad'],
    ['lbgi', 'lbgi'],
    ['hbgi', 'hbgi'],
    ['adrr', 'adrr'],
    ['mValue', 'm_value_r90'],
    ['hypoIndex', 'hypo_index'],
    ['hyperIndex', 'hyper_index'],
    ['mag', 'mag_default'],
    ['gvp', 'gvp'],
    ['sdRoc', 'sd_roc_15min'],
  ];
  for (const [field, col] of pairs) expectRel(s[field] as number | null, e(x, col), `${name} ${field}`, TOL);
  expectRel(mag(readings, { timeZone: zone, magMinutes: 60 }), e(x, 'mag_n60'), `${name} mag n=60`, TOL);
}

describe.each(subjects)('iglu agreement, new measures: %s', (id) => {
  const readings = exampleData().bySubject.get(id)!;
  const s = summarize(readings, { timeZone: EXAMPLE_ZONE });
  const ref = indices[id]!;
  const all = allMetrics.get(id)!;

  it('distribution, risk indices, MAG, GVP, SD-ROC (iglu-expected.json)', () => {
    checkExpected(id, s, example[id]!, readings, EXAMPLE_ZONE);
  });

  it('GRADE and its shares, COGI, IGC, PGS', () => {
    expectRel(s.grade, ref.grade!, `${id} grade`, TOL);
    expectRel(s.gradeHypo, ref.grade_hypo!, `${id} gradeHypo`, TOL);
    expectRel(s.gradeEugly, ref.grade_eugly!, `${id} gradeEugly`, TOL);
    expectRel(s.gradeHyper, ref.grade_hyper!, `${id} gradeHyper`, TOL);
    expectRel(s.cogi, ref.cogi!, `${id} cogi`, TOL);
    expectRel(s.igc, ref.igc!, `${id} igc`, TOL);
    expectRel(s.pgs, ref.pgs!, `${id} pgs`, TOL);
  });

  it('SD sub-measures and CV measures', () => {
    const sd = ref.sd_measures;
    expectRel(s.sdMeasures.sdW, sd.SDw!, `${id} sdW`, TOL);
    expectRel(s.sdMeasures.sdHHMM, sd.SDhhmm!, `${id} sdHHMM`, TOL);
    expectRel(s.sdMeasures.sdWSH, sd.SDwsh!, `${id} sdWSH`, TOL);
    expectRel(s.sdMeasures.sdDM, sd.SDdm!, `${id} sdDM`, TOL);
    expectRel(s.sdMeasures.sdB, sd.SDb!, `${id} sdB`, TOL);
    expectRel(s.sdMeasures.sdBDM, sd.SDbdm!, `${id} sdBDM`, TOL);
    expectRel(s.cvMeasures.cvMean, ref.cv_measures.CVmean!, `${id} cvMean`, TOL);
    expectRel(s.cvMeasures.cvSd, ref.cv_measures.CVsd!, `${id} cvSd`, TOL);
  });

  it('episodes, all seven kinds', () => {
    const kinds: [keyof GlucoseSummary['episodes'], string][] = [
      ['hypoLevel1', 'hypo_lv1'],
      ['hypoLevel2', 'hypo_lv2'],
      ['hypoExtended', 'hypo_extended'],
      ['hyperLevel1', 'hyper_lv1'],
      ['hyperLevel2', 'hyper_lv2'],
      ['hypoLevel1Exclusive', 'hypo_lv1_excl'],
      ['hyperLevel1Exclusive', 'hyper_lv1_excl'],
    ];
    const standalone = episodes(readings, { timeZone: EXAMPLE_ZONE });
    expect(standalone).toEqual(s.episodes);
    for (const [kind, col] of kinds) {
      const got: EpisodeKindSummary = s.episodes[kind];
      const want = ref.episodes[col]!;
      expect(got.count, `${id} ${kind} count`).toBe(want.total_episodes);
      expect(got.events).toHaveLength(want.total_episodes);
      expectRel(got.perDay, want.avg_ep_per_day, `${id} ${kind} perDay`, TOL);
      expectRel(got.meanDurationMinutes, want.avg_ep_duration, `${id} ${kind} duration`, TOL);
      expectRel(got.meanGlucose, want.avg_ep_gl, `${id} ${kind} meanGlucose`, TOL);
      // all_metrics reports the per-day rate under the kind's name.
      expectRel(got.perDay, Number(all[col]), `${id} ${kind} all_metrics`, TOL);
    }
  });

  it("all_metrics' other columns agree (MAG there divides by sampled points: see README)", () => {
    const cols: [number | null, string][] = [
      [s.adrr, 'ADRR'],
      [s.cogi, 'COGI'],
      [s.grade, 'GRADE'],
      [s.hbgi, 'HBGI'],
      [s.lbgi, 'LBGI'],
      [s.hyperIndex, 'hyper_index'],
      [s.hypoIndex, 'hypo_index'],
      [s.igc, 'IGC'],
      [s.iqr, 'IQR'],
      [s.mValue, 'M_value'],
      [s.mad, 'MAD'],
      [s.pgs, 'PGS'],
      [s.gvp, 'GVP'],
      [s.sdRoc, 'SD.Roc'],
      [s.cvMeasures.cvMean, 'CV_Measures_Mean'],
      [s.cvMeasures.cvSd, 'CV_Measures_SD'],
      [s.sdMeasures.sdW, 'SDw'],
      [s.sdMeasures.sdB, 'SDb'],
      [s.median, 'Median'],
      [s.q25, '1st Qu.'],
      [s.q75, '3rd Qu.'],
    ];
    for (const [got, col] of cols) expectRel(got, Number(all[col]), `${id} all_metrics ${col}`, TOL);
  });

  it('AUC per real day stays near iglu’s mixed-day figure (iglu groups days wrongly, §6)', () => {
    const got = aucHourly(readings, { timeZone: EXAMPLE_ZONE })!;
    const iglu = e(example[id]!, 'auc_hourly')!;
    expect(Math.abs(got - iglu) / iglu).toBeLessThan(0.02);
    expect(s.aucHourly).toBe(got);
  });
});

describe.each(Object.keys(synthetic))('iglu agreement, new measures: synthetic %s', (name) => {
  it('distribution, risk indices, MAG, GVP, SD-ROC', () => {
    const readings = syntheticData().get(name)!;
    const s = summarize(readings, { timeZone: 'UTC' });
    checkExpected(name, s, synthetic[name]!, readings, 'UTC');
  });
});

afterAll(() => {
  console.info(
    `iglu agreement (issue 17 measures): ${agreement.checked} reference values checked, worst relative error ${agreement.worst.toExponential(2)} (${agreement.worstWhat})`,
  );
});
