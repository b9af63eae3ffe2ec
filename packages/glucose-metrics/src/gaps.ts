/**
 * Runs of readings without sensor gaps, for drawing: a chart draws one line per run so it never
 * joins two readings across a gap (spec: "gaps longer than 45 min" are not bridged; pass
 * INTER_GAP_MINUTES · 60 000 for the rule the metrics use).
 */
import type { Reading, ReadingsInput } from './types.js';

/**
 * Sorts the readings by time (stable; readings with a non-finite time or value are dropped) and
 * splits them wherever consecutive readings are more than `maxGapMs` apart. When the input is an
 * array of objects, the same objects are returned (extra fields survive).
 */
export function splitAtGaps(readings: ReadingsInput, maxGapMs: number): Reading[][] {
  let list: Reading[];
  if (Array.isArray(readings)) {
    list = (readings as readonly Reading[]).filter((r) => Number.isFinite(r.time) && Number.isFinite(r.mgdl));
  } else {
    const { time, mgdl } = readings as { time: ArrayLike<number>; mgdl: ArrayLike<number> };
    list = [];
    for (let i = 0; i < time.length; i++) {
      const t = time[i]!;
      const g = mgdl[i]!;
      if (Number.isFinite(t) && Number.isFinite(g)) list.push({ time: t, mgdl: g });
    }
  }
  let sorted = true;
  for (let i = 1; i < list.length && sorted; i++) if (list[i]!.time < list[i - 1]!.time) sorted = false;
  // Array.prototype.sort is stable, so equal timestamps keep their order.
  if (!sorted) list = [...list].sort((a, b) => a.time - b.time);
  const runs: Reading[][] = [];
  let run: Reading[] = [];
  for (const r of list) {
    const prev = run[run.length - 1];
    if (prev !== undefined && r.time - prev.time > maxGapMs) {
      runs.push(run);
      run = [];
    }
    run.push(r);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
