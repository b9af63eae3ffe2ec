/**
 * The periods a report can show, without date arithmetic (no luxon): the route's search
 * validator reads them and ships in the first chunk.
 */

/** The report's quick picks (spec §2 Glucose report, §9). */
export const PERIOD_PICKS = ['days7', 'days14', 'days30', 'days90', 'last3Months', 'nearly6Months', 'lastYear', 'showAll'] as const;
export type PeriodPick = (typeof PERIOD_PICKS)[number];
export type Period = { pick: PeriodPick } | { pick: 'custom'; fromDate: string; toDate: string };

/** The period the home screen's metrics and AGP use and the report opens with: 14 days is the AGP's standard span (IDC AGP v5, Battelino 2019). */
export const DEFAULT_PERIOD: Period = { pick: 'days14' };
