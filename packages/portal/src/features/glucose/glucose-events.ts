import { DEFAULT_RANGES, episodeThresholdsFromRanges, type EpisodeThresholds, type GlucoseRanges } from '@cgm-portal/glucose-metrics';

/**
 * The thresholds of a member's low and high glucose events: people's follow the consensus
 * (below 70 and 54, above 180 and 250 mg/dL; Battelino 2023), a cat's or a dog's its own bands.
 * One source for the glucose report, the event list and, through the same rule, the AGP report.
 */
export function memberEpisodeThresholds(isPet: boolean, ranges: GlucoseRanges): Required<Pick<EpisodeThresholds, 'hypoLevel1' | 'hypoLevel2' | 'hyperLevel1' | 'hyperLevel2'>> {
  return isPet
    ? episodeThresholdsFromRanges(ranges)
    : { hypoLevel1: DEFAULT_RANGES.low, hypoLevel2: DEFAULT_RANGES.veryLow, hyperLevel1: DEFAULT_RANGES.high, hyperLevel2: DEFAULT_RANGES.veryHigh };
}
