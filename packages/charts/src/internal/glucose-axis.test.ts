import { DEFAULT_RANGES, MGDL_PER_MMOL } from '@cgm-portal/glucose-metrics';
import { describe, expect, it } from 'vitest';
import { GLUCOSE_AXIS_MIN_MGDL, glucoseTicks } from './glucose-axis';

describe('glucoseTicks', () => {
  const ranges = DEFAULT_RANGES;
  // The AGP curve of the Armenian report: an axis to 22.5 mmol/L, 290 px tall, 11 px labels.
  const yMax = 22.5 * MGDL_PER_MMOL;
  const pxPerMgdl = 290 / (yMax - GLUCOSE_AXIS_MIN_MGDL);
  const ticks = glucoseTicks({ ranges, unit: 'mmol/L', domain: [GLUCOSE_AXIS_MIN_MGDL, yMax], pxPerMgdl, minSpacingPx: 14 });
  const labelAt = (mgdl: number) => {
    const t = ticks.find((x) => x.mgdl === mgdl)!;
    return t.mgdl * pxPerMgdl - t.labelDy;
  };

  it('keeps every threshold, 3.0 included, when 3.0 and 3.9 are closer than a label', () => {
    expect((ranges.low - ranges.veryLow) * pxPerMgdl).toBeLessThan(14);
    expect(ticks.filter((t) => t.kind !== 'round').map((t) => t.kind)).toEqual(['veryLow', 'low', 'high', 'veryHigh']);
  });

  it('moves the two labels apart around their ticks, and no label overlaps another', () => {
    const veryLow = ticks.find((t) => t.kind === 'veryLow')!;
    const low = ticks.find((t) => t.kind === 'low')!;
    expect(veryLow.labelDy).toBeGreaterThan(0);
    expect(low.labelDy).toBeCloseTo(-veryLow.labelDy);
    const positions = ticks.map((t) => labelAt(t.mgdl)).sort((a, b) => a - b);
    for (let i = 1; i < positions.length; i++) expect(positions[i]! - positions[i - 1]!).toBeGreaterThanOrEqual(14 - 1e-9);
    // Round values keep their place; the top of the axis is labelled.
    expect(ticks.filter((t) => t.kind === 'round').every((t) => t.labelDy === 0)).toBe(true);
    expect(ticks.at(-1)!.mgdl).toBeCloseTo(22 * MGDL_PER_MMOL);
  });

  it('leaves labels on their ticks where there is room', () => {
    const tall = glucoseTicks({ ranges, unit: 'mmol/L', domain: [GLUCOSE_AXIS_MIN_MGDL, 17 * MGDL_PER_MMOL], pxPerMgdl: 1, minSpacingPx: 14 });
    expect(tall.every((t) => t.labelDy === 0)).toBe(true);
  });
});
