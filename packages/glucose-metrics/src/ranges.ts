import type { GlucoseRanges } from './types.js';

/**
 * Consensus glycaemic ranges, mg/dL: <54 Level 2 hypo, 54–69 Level 1 hypo, 70–180 in range,
 * 181–250 Level 1 hyper, >250 Level 2 hyper.
 * Source: Battelino T. et al., "Clinical Targets for Continuous Glucose Monitoring Data
 * Interpretation: Recommendations From the International Consensus on Time in Range",
 * Diabetes Care 2019;42:1593–1603, doi:10.2337/dci19-0028.
 */
export const DEFAULT_RANGES: Readonly<GlucoseRanges> = Object.freeze({
  veryLow: 54,
  low: 70,
  high: 180,
  veryHigh: 250,
});

/**
 * Measuring span of the sensors the portal supports: below it the device shows "LO", above it
 * "HI" (spec "values outside the sensor's 40–400 mg/dL span").
 */
export const SENSOR_MIN_MGDL = 40;
export const SENSOR_MAX_MGDL = 400;

/** Merge a partial custom range over the defaults and check the order of the thresholds. */
export function resolveRanges(ranges?: Partial<GlucoseRanges>): GlucoseRanges {
  const r = { ...DEFAULT_RANGES, ...ranges };
  if (!(r.veryLow <= r.low && r.low <= r.high && r.high <= r.veryHigh)) {
    throw new RangeError(
      `glucose ranges must satisfy veryLow <= low <= high <= veryHigh, got ${JSON.stringify(r)}`,
    );
  }
  return r;
}
