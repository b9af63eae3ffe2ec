import type { SensorSession as ContractSession } from '@cgm-portal/api-client';
import type { SensorSession } from '@cgm-portal/charts';

/** Contract sessions as the session chart draws them. */
export function toChartSessions(sessions: readonly ContractSession[]): SensorSession[] {
  return sessions.map((s) => ({ id: String(s.id), label: s.sn, start: s.startTime, warmupEnd: s.warmupEndTime, end: s.endTime, status: s.status }));
}
