/**
 * Randomised robustness: whatever the trace (tiny, gappy, duplicated, shuffled, odd sampling,
 * odd zone), every function returns, and every number is finite or null, never NaN.
 */
import { describe, expect, it } from 'vitest';
import { agpProfile, dailyProfiles, summarize, timeInRangesByHour, type Reading } from './index.js';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const zones = ['UTC', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/Santiago'];

function randomTrace(r: () => number): Reading[] {
  const n = Math.floor(r() ** 2 * 3000);
  const step = [1, 5, 5, 5, 15, 30, 60][Math.floor(r() * 7)]! * 60_000;
  let t = Date.UTC(2024, Math.floor(r() * 12), 1 + Math.floor(r() * 28), Math.floor(r() * 24), Math.floor(r() * 60), Math.floor(r() * 60));
  const out: Reading[] = [];
  for (let i = 0; i < n; i++) {
    const u = r();
    if (u < 0.01) t += r() * 12 * 3_600_000; // long gap
    else if (u > 0.99) t -= step; // duplicate-ish / out of order
    else t += step + Math.round((r() - 0.5) * 20_000);
    const g = r() < 0.01 ? [20, 500][Math.floor(r() * 2)]! : 40 + r() * 300;
    out.push({ time: t, mgdl: g });
  }
  if (r() < 0.3) out.reverse();
  return out;
}

/** Paths of every number that is not finite (collected, then asserted once: expect() per value is slow). */
function nonFinite(value: unknown, path: string, bad: string[] = []): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) bad.push(`${path} = ${value}`);
  } else if (Array.isArray(value)) value.forEach((v, i) => nonFinite(v, `${path}[${i}]`, bad));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nonFinite(v, `${path}.${k}`, bad);
  }
  return bad;
}

function expectFiniteOrNull(value: unknown, path: string): void {
  expect(nonFinite(value, path)).toEqual([]);
}

describe('robustness on random traces', () => {
  it('200 random traces: no throw, no NaN', () => {
    const r = rng(2024);
    for (let c = 0; c < 200; c++) {
      const trace = randomTrace(r);
      const timeZone = zones[c % zones.length]!;
      const s = summarize(trace, { timeZone });
      expectFiniteOrNull(s, `case ${c} summary`);
      if (s.tir !== null) {
        expect(s.tir + s.tar! + s.tbr!).toBeCloseTo(100, 9);
      }
      expectFiniteOrNull(agpProfile(trace, { timeZone }), `case ${c} agp`);
      if (c % 10 === 0) {
        expectFiniteOrNull(dailyProfiles(trace, { timeZone }), `case ${c} daily`);
        expectFiniteOrNull(timeInRangesByHour(trace, { timeZone }), `case ${c} 6h`);
      }
    }
  });
});
