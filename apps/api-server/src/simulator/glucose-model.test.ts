import { describe, expect, it } from 'vitest';
import { alertLevelOf } from '../alerts/alert-level';
import { CAT, fallIntoUrgentLow, nextReading, PERSON, type TraceState } from './glucose-model';

/** mulberry32, so the trace is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const human = { urgentLowAlert: 55, lowAlert: 70, highAlert: 250, urgentHighAlert: 300 };

describe('the simulated trace', () => {
  it('stays in the sensor’s span, around the wearer’s usual level, moving as a CGM does between readings', () => {
    for (const wearer of [PERSON, CAT]) {
      const random = seeded(7);
      let state: TraceState = { mgdl: wearer.usual, rate: 0, mealSteps: 0 };
      const values: number[] = [];
      for (let i = 0; i < 288 * 30; i++) {
        const next = nextReading(state, wearer, random);
        expect(Math.abs(next.mgdl - state.mgdl)).toBeLessThanOrEqual(30);
        state = next;
        values.push(state.mgdl);
      }
      expect(Math.min(...values)).toBeGreaterThanOrEqual(40);
      expect(Math.max(...values)).toBeLessThanOrEqual(400);
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      expect(Math.abs(mean - wearer.usual), `${wearer.usual}`).toBeLessThan(40);
    }
  });

  it('scripts an episode that falls steadily through low into urgent low in 12 readings, and stays there', () => {
    const values = fallIntoUrgentLow(130);
    expect(values).toHaveLength(12);
    expect(values.every((v, i) => i === 0 || v <= values[i - 1]!)).toBe(true);
    const levels = values.map((v) => alertLevelOf(v, human));
    expect(levels.indexOf('low')).toBeGreaterThan(3);
    expect(levels.indexOf('urgentLow')).toBeGreaterThan(levels.indexOf('low'));
    expect(values.slice(-3)).toEqual([48, 48, 48]);
  });
});
