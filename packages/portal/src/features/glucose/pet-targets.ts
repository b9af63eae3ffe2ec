import type { PetType } from '@cgm-portal/api-client';
import { DEFAULT_RANGES, SENSOR_MAX_MGDL, type GlucoseRanges } from '@cgm-portal/glucose-metrics';

/** A target range in mg/dL. */
export interface TargetRange {
  low: number;
  high: number;
}

/**
 * Dogs: keep blood glucose between 100 and 250 mg/dL for most of the day.
 * Source: Vetsulin (porcine insulin zinc suspension) package insert, Merck Animal Health,
 * "Dogs: monitoring" (the label's glucose curve goal), and AAHA 2018 Diabetes Management
 * Guidelines for Dogs and Cats (Behrend et al., JAAHA 2018;54:1–21, doi:10.5326/JAAHA-MS-6822).
 */
export const DOG_TARGET_RANGE: TargetRange = { low: 100, high: 250 };

/**
 * Cats: keep blood glucose between 80 and 300 mg/dL for most of the day. Source: AAHA 2018
 * Diabetes Management Guidelines for Dogs and Cats (Behrend et al., JAAHA 2018;54:1–21,
 * doi:10.5326/JAAHA-MS-6822), blood glucose curve goals. Cats tolerate a higher upper bound than
 * dogs because stress hyperglycaemia is common and the aim is clinical control without hypoglycaemia.
 */
export const CAT_TARGET_RANGE: TargetRange = { low: 80, high: 300 };

/** People: 70–180 mg/dL, the consensus target (Battelino et al., Diabetes Care 2019;42:1593). */
export const HUMAN_TARGET_RANGE: TargetRange = { low: DEFAULT_RANGES.low, high: DEFAULT_RANGES.high };

/** The recommended ("standard") target of a member: by species for pets, the consensus for people. */
export function recommendedTargetRange(petType: PetType | null | undefined): TargetRange {
  if (petType === 'dog') return DOG_TARGET_RANGE;
  if (petType === 'cat') return CAT_TARGET_RANGE;
  return HUMAN_TARGET_RANGE;
}

/**
 * The five bands around a target range. The very-low and very-high cut-offs stay the consensus
 * 54 and 250 mg/dL. When a target reaches 250 or more (pets: a dog's 250, a cat's 300) the
 * consensus very-high band would be empty or inverted, so "very high" becomes readings above
 * the sensor's span (HI, > 400 mg/dL) and "high" is everything between the target and HI.
 */
export function rangesAround(target: TargetRange): GlucoseRanges {
  return {
    veryLow: Math.min(DEFAULT_RANGES.veryLow, target.low),
    low: target.low,
    high: target.high,
    veryHigh: target.high >= DEFAULT_RANGES.veryHigh ? SENSOR_MAX_MGDL : DEFAULT_RANGES.veryHigh,
  };
}
