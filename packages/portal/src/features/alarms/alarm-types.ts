/** Provisional until the contract lands (live-server): the agreed alarm shape. */
export type AlarmKind = 'urgentLow' | 'low' | 'high' | 'urgentHigh' | 'noData';
export interface Alarm {
  id: number;
  memberId: number;
  memberName: string;
  kind: AlarmKind;
  raisedAt: number;
  lastNotifiedAt: number;
  glucose: number | null;
  trend: string;
  state: 'raised' | 'snoozed' | 'acknowledged' | 'cleared';
  acknowledgedBy?: string | null;
  acknowledgedAt?: number | null;
  snoozedUntil?: number | null;
}
