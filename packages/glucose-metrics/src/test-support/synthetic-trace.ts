/**
 * Deterministic synthetic CGM traces for benchmarks and property tests: meals, a dawn rise, noise
 * and occasional sensor gaps, sampled every `intervalMinutes` with a few seconds of jitter like a
 * real sensor.
 */
import type { ReadingColumns } from '../types.js';

/** Mulberry32: tiny seeded PRNG, so every run benchmarks the same data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticTrace(days: number, options: { intervalMinutes?: number; seed?: number; gaps?: boolean; start?: number } = {}): ReadingColumns & { time: Float64Array; mgdl: Float64Array } {
  const step = (options.intervalMinutes ?? 5) * 60_000;
  const start = options.start ?? Date.UTC(2025, 0, 1, 0, 2, 13);
  const rand = prng(options.seed ?? 42);
  const n = Math.floor((days * 86_400_000) / step);
  const time = new Float64Array(n);
  const mgdl = new Float64Array(n);
  let k = 0;
  let skipUntil = -1;
  for (let i = 0; i < n; i++) {
    if (i < skipUntil) continue;
    if (options.gaps !== false && rand() < 0.0015) {
      skipUntil = i + 5 + Math.floor(rand() * 60); // 25 min to 5 h without readings
      continue;
    }
    const t = start + i * step + Math.floor(rand() * 4000);
    const h = ((t / 3_600_000) % 24 + 24) % 24;
    const meal = (c: number): number => 70 * Math.exp(-(((h - c) / 1.2) ** 2));
    const g = 110 + 25 * Math.sin((2 * Math.PI * h) / 24) + meal(7.5) + meal(12.5) + meal(19) + 12 * (rand() - 0.5);
    time[k] = t;
    mgdl[k] = Math.round(Math.min(400, Math.max(40, g)));
    k++;
  }
  return { time: time.slice(0, k), mgdl: mgdl.slice(0, k) };
}
