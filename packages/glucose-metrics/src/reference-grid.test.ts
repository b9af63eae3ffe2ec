/**
 * Grid-level agreement with iglu: the interpolated day-by-day grid itself (CGMS2DayByDay), the
 * unsmoothed AGP percentiles, MAGE per segment, and iglu's own 18 MAGE test snippets.
 */
import { DateTime } from 'luxon';
import { afterAll, describe, expect, it } from 'vitest';
import { agpProfile } from './agp.js';
import { GridContext } from './grid-context.js';
import { mage, mageSegments } from './mage-api.js';
import { toSeries } from './series.js';
import { agreement, expectRel } from './test-support/agreement.js';
import { EXAMPLE_ZONE, exampleData, num, parseCsv, readReference } from './test-support/reference.js';
import type { MageDirection, Reading } from './types.js';

const subject = (id: string): Reading[] => exampleData().bySubject.get(id)!;

describe('CGMS2DayByDay grid (interpolation and the 45-minute gap rule)', () => {
  const rows = parseCsv(readReference('iglu_CGMS2DayByDay_grid_subjects_1_2.csv'));
  for (const id of ['Subject 1', 'Subject 2']) {
    it(`${id}: every grid cell equals iglu's`, () => {
      const ctx = new GridContext(toSeries(subject(id)), EXAMPLE_ZONE);
      const grid = ctx.grid()!;
      expect(grid.dt0).toBe(5);
      let checked = 0;
      for (const r of rows.filter((x) => x.id === id)) {
        const d = grid.days.dates.indexOf(r.date!);
        const slot = Number(r.minute_of_day) / grid.dt0 - 1;
        const want = num(r.gl);
        if (d < 0) {
          // iglu's optional trailing day beyond the last reading: all NA.
          expect(want).toBeNull();
          continue;
        }
        expect(Number(r.day_index) - 1).toBe(d);
        const got = grid.wall[d * grid.slotsPerDay + slot]!;
        expectRel(Number.isNaN(got) ? null : got, want, `${id} grid ${r.date} ${r.minute_of_day}`, 1e-9);
        checked++;
      }
      expect(checked).toBeGreaterThan(2000);
    });
  }
});

describe('AGP percentiles, unsmoothed (quantile type 7 per 5-minute slot)', () => {
  const rows = parseCsv(readReference('iglu_agp_percentiles_unsmoothed_subjects_1_2.csv'));
  for (const id of ['Subject 1', 'Subject 2']) {
    it(`${id}: 288 slots × 5 curves`, () => {
      const agp = agpProfile(subject(id), { timeZone: EXAMPLE_ZONE });
      expect(agp.binMinutes).toBe(5);
      expect(agp.bins).toHaveLength(288);
      const ref = rows.filter((x) => x.id === id);
      expect(ref).toHaveLength(288);
      for (const r of ref) {
        const bin = agp.bins.find((b) => b.minuteOfDay === Number(r.minute_of_day))!;
        expect(bin.count).toBe(Number(r.n_days));
        for (const p of ['p5', 'p25', 'p50', 'p75', 'p95'] as const) {
          expectRel(bin[p], num(r[p]), `${id} AGP ${p} @${r.minute_of_day}`, 1e-9);
        }
      }
    });
  }
});

describe('MAGE per segment (split at gaps over 3 h)', () => {
  const rows = parseCsv(readReference('iglu_mage_segments_subjects_1_2.csv')).filter((r) => r.mage !== 'NA');
  for (const id of ['Subject 1', 'Subject 2']) {
    it(`${id}: MAGE+ / MAGE− and first excursion per segment`, () => {
      const segs = mageSegments(subject(id), { timeZone: EXAMPLE_ZONE });
      // iglu labels segment bounds with the local clock time written as UTC (METRICS.md §6).
      const label = (t: number): string =>
        DateTime.fromMillis(t, { zone: EXAMPLE_ZONE }).toFormat('yyyy-MM-dd HH:mm:ss');
      const ref = rows.filter((r) => r.id === id);
      expect(ref.length).toBeGreaterThan(0);
      for (const r of ref) {
        const seg = segs.find((s) => label(s.start) === r.start && label(s.end) === r.end);
        expect(seg, `${r.start}–${r.end}`).toBeDefined();
        const plus = r.plus_or_minus === 'PLUS';
        expectRel(plus ? seg!.plus : seg!.minus, num(r.mage), `${id} segment ${r.start} ${r.plus_or_minus}`);
        expect(seg!.plusFirst === plus, `${r.start} first excursion`).toBe(r.first_excursion === 'TRUE');
      }
      const withValues = segs.filter((s) => s.plus !== null || s.minus !== null);
      expect(withValues.length * 2).toBe(ref.length);
    });
  }
});

describe("iglu's MAGE test snippets (Fernandes et al. 2022 hand calculations)", () => {
  const rows = parseCsv(readReference('iglu_mage_snippets_vs_manual.csv'));
  const all = exampleData().rows;
  it.each(rows.map((r) => [r.idx!, r] as const))('snippet %s, every direction', (_idx, r) => {
    const snippet: Reading[] = all
      .slice(Number(r.row_start_1based) - 1, Number(r.row_end_1based))
      .map((x) => ({ time: Date.parse(x.time!), mgdl: Number(x.gl) }));
    expect(snippet).toHaveLength(Number(r.n));
    for (const dir of ['avg', 'plus', 'minus', 'service', 'max'] as MageDirection[]) {
      expectRel(mage(snippet, { timeZone: EXAMPLE_ZONE, direction: dir }), num(r[`mage_${dir}`]), `snippet ${r.idx} ${dir}`);
    }
  });
});

afterAll(() => {
  console.info(
    `iglu grid/AGP/MAGE agreement: ${agreement.checked} reference values checked, worst relative error ${agreement.worst.toExponential(2)} (${agreement.worstWhat})`,
  );
});
