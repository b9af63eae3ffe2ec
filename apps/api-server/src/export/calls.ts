import type { CallContext } from '../http';
import { requireCgmUser } from '../access';
import type { Store } from '../store/types';
import { exportCsv, exportJson, localTimeFormatter, type ExportData, type ExportEvent } from './format';

/** Everything the member holds in [from, to): readings of every kind, events oldest first. */
export async function collectExport(store: Store, memberId: number, timeZone: string, from: number, to: number, now: number): Promise<ExportData> {
  const readings = [];
  for (const kind of ['sgv', 'mbg', 'cal'] as const) {
    for (const r of await store.listReadings(memberId, kind, from, to)) readings.push({ time: r.time, mgdl: r.mgdl, kind });
  }
  const { rows } = await store.listEvents(memberId, { from, to, offset: 0, limit: 10_000_000 });
  const events: ExportEvent[] = rows
    .slice()
    .sort((a, b) => a.time - b.time || a.id - b.id)
    .map((e) => ({ time: e.time, eventType: e.eventType as ExportEvent['eventType'], note: e.note, detail: JSON.parse(e.detail) as ExportEvent['detail'] }));
  return { timeZone, from, to, exportedAt: now, readings, events };
}

export const exportCalls = {
  /** The member's own data only: a follower reads, but takes no copies. */
  async exportData({ deps, input, viewer }: CallContext<'exportData'>) {
    requireCgmUser(viewer.member);
    const member = viewer.member;
    const data = await collectExport(deps.store, member.id, member.timeZone, input.from, input.to, deps.now());
    // Named by the member's own days, as picked in the portal.
    const local = localTimeFormatter(member.timeZone);
    const day = (t: number) => local(t).slice(0, 10);
    const name = `cgm-portal-${day(input.from)}-${day(input.to - 1)}`;
    return {
      item:
        input.format === 'csv'
          ? { fileName: `${name}.csv`, contentType: 'text/csv;charset=utf-8', content: exportCsv(data), readings: data.readings.length, events: data.events.length }
          : { fileName: `${name}.json`, contentType: 'application/json', content: exportJson(data), readings: data.readings.length, events: data.events.length },
    };
  },
};
