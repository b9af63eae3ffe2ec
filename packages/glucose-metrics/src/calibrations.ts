/** Calibration statistics (spec §3 "calibration count, average calibrations per day"). */

const DAY_MS = 86_400_000;

export interface CalibrationStats {
  calibrationCount: number;
  calibrationsPerDay: number | null;
}

/**
 * Counts calibration events in [from, to) and divides by the length of that window in days; when
 * the window is open on a side, the first or last reading closes it. null when the window is empty.
 */
export function calibrationStats(
  calibrations: readonly number[],
  window: { from?: number | undefined; to?: number | undefined; firstReading?: number; lastReading?: number },
): CalibrationStats {
  const from = window.from ?? Number.NEGATIVE_INFINITY;
  const to = window.to ?? Number.POSITIVE_INFINITY;
  let count = 0;
  for (const t of calibrations) if (Number.isFinite(t) && t >= from && t < to) count++;
  const start = window.from ?? window.firstReading;
  const end = window.to ?? window.lastReading;
  const days = start !== undefined && end !== undefined ? (end - start) / DAY_MS : Number.NaN;
  return { calibrationCount: count, calibrationsPerDay: days > 0 ? count / days : null };
}
