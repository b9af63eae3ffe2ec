import type { GriZone } from './types';

/**
 * Upper bounds of the GRI zones, Klonoff D.C. et al., "A Glycemia Risk Index (GRI) of
 * Hypoglycemia and Hyperglycemia for Continuous Glucose Monitoring Validated by Clinician
 * Ratings", J Diabetes Sci Technol 2023;17(5):1226–1242, doi:10.1177/19322968221085273:
 * zone A 0–20, B 21–40, C 41–60, D 61–80, E 81–100 (the index's quintiles).
 */
export const GRI_ZONE_UPPER_BOUNDS: ReadonlyArray<readonly [GriZone, number]> = [
  ['A', 20],
  ['B', 40],
  ['C', 60],
  ['D', 80],
  ['E', 100],
];

/** The zone of a GRI value (0–100). A value such as 20.4 lies past zone A's upper bound of 20, so it is zone B. */
export function griZoneOf(gri: number): GriZone {
  for (const [zone, upper] of GRI_ZONE_UPPER_BOUNDS) if (gri <= upper) return zone;
  return 'E';
}
