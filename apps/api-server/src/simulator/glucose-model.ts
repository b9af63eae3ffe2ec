import { directionOf } from '../nightscout/routes';

/**
 * A plausible CGM trace, one reading every 5 minutes: the glucose drifts with momentum around
 * the wearer's usual level (a person about 120 mg/dL, a cat about 180), with sensor noise and,
 * now and then, a meal's rise. Not physiology: enough that the demo's monitors move as real ones do.
 */
export interface TraceState {
  mgdl: number;
  /** mg/dL per 5 minutes. */
  rate: number;
  /** 5-minute steps a meal's rise still lasts. */
  mealSteps: number;
}

export interface Wearer {
  /** Where the glucose settles without meals. */
  usual: number;
}
export const PERSON: Wearer = { usual: 120 };
export const CAT: Wearer = { usual: 180 };

/** The span a CGM reports (sensor LO/HI). */
const [LOWEST, HIGHEST] = [40, 400];
const clamp = (v: number) => Math.min(HIGHEST, Math.max(LOWEST, v));

/** One 5-minute step; `random` is uniform in [0, 1) (Math.random, or a seeded one in tests). */
export function nextReading(state: TraceState, wearer: Wearer, random: () => number): TraceState {
  const meal = state.mealSteps === 0 && random() < 0.02;
  const mealSteps = meal ? 12 : Math.max(0, state.mealSteps - 1);
  const noise = (random() + random() + random() - 1.5) * 4;
  const rate = 0.75 * state.rate + 0.04 * (wearer.usual - state.mgdl) + (mealSteps > 0 ? 4 : 0) + noise;
  return { mgdl: clamp(Math.round(state.mgdl + rate)), rate, mealSteps };
}

/** Nightscout's direction for a rate in mg/dL per 5 minutes. */
export const directionOfRate = (ratePer5Minutes: number) => directionOf(ratePer5Minutes / 5);

/**
 * The scripted episode: a slow fall from `from` through low into urgent low, then staying there,
 * so the whole alert path shows (low alarm, urgent low, repeats) in about a minute of readings.
 */
export function fallIntoUrgentLow(from: number, steps = 12, bottom = 48): number[] {
  const start = Math.max(from, 110);
  const values: number[] = [];
  for (let i = 1; i <= steps; i++) {
    // Eases in: a slow start, faster through the thresholds, flat at the bottom.
    const t = Math.min(1, i / (steps - 2));
    values.push(Math.round(start - (start - bottom) * (t * t * (3 - 2 * t))));
  }
  return values;
}
