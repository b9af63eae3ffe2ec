import { expect } from 'vitest';

/** Worst relative error seen by `expectRel`, reported by the reference test at the end. */
export const agreement = { checked: 0, worst: 0, worstWhat: '' };

/** Relative error against iglu: |a − e| / |e| (absolute when e = 0). null must match null (NA). */
export function expectRel(actual: number | null | undefined, expected: number | null, what: string, tol = 1e-6): void {
  if (expected === null) {
    expect(actual ?? null, what).toBeNull();
    agreement.checked++;
    return;
  }
  expect(actual, what).not.toBeNull();
  expect(actual, what).toBeTypeOf('number');
  const a = actual as number;
  const err = expected === 0 ? Math.abs(a) : Math.abs(a - expected) / Math.abs(expected);
  agreement.checked++;
  if (err > agreement.worst) {
    agreement.worst = err;
    agreement.worstWhat = what;
  }
  expect(err, `${what}: got ${a}, iglu ${expected}`).toBeLessThanOrEqual(tol);
}
