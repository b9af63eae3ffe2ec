import type { MemberRow } from '../store/types';

/** The member's four glucose alerts (Settings → Alerts), from the most to the least urgent. */
export const ALERT_LEVELS = ['urgentLow', 'low', 'high', 'urgentHigh'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];
export type AlertThresholds = Pick<MemberRow, 'urgentLowAlert' | 'lowAlert' | 'highAlert' | 'urgentHighAlert'>;

/**
 * The alert a glucose value raises under the member's thresholds, or null between low and high.
 * A value at a threshold does not raise it ("below 70", "above 250"), the same rule the seed's
 * alert events follow and the one the portal's alert settings describe.
 */
export function alertLevelOf(mgdl: number, t: AlertThresholds): AlertLevel | null {
  if (mgdl < t.urgentLowAlert) return 'urgentLow';
  if (mgdl < t.lowAlert) return 'low';
  if (mgdl > t.urgentHighAlert) return 'urgentHigh';
  if (mgdl > t.highAlert) return 'high';
  return null;
}
