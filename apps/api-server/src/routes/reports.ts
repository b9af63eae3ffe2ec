import { agpProfile, summarize } from '@cgm-portal/glucose-metrics';
import type { Reading, ReportData } from '@cgm-portal/api-client/contract';
import { memberToView } from '../access';
import { noPermission, type CallContext, type Deps } from '../http';
import type { MemberRow } from '../store/types';
import { deviceOf, memberSetingOf, sessionOf } from '../views';

const DAY_MS = 24 * 3600 * 1000;
/** AGP bins: 15 minutes gives 96 points per day, smooth enough for the printed profile. */
const AGP_BIN_MINUTES = 15;


/** Summary with the member's own target range as the TIR band; null when nothing to summarise. */
function summaryOf(readings: Reading[], member: MemberRow, from: number, to: number): ReportData['summary'] {
  if (readings.length === 0) return null;
  try {
    return {
      ...summarize(readings, {
        timeZone: member.timeZone,
        ranges: { low: member.targetLow, high: member.targetHigh },
        from,
        to,
      }),
    };
  } catch (error) {
    // A custom range outside the consensus bands (e.g. low under 54) falls back to the standard ones.
    if (error instanceof RangeError) return { ...summarize(readings, { timeZone: member.timeZone, from, to }) };
    throw error;
  }
}

export async function buildReport(deps: Deps, member: MemberRow, from: number, to: number): Promise<ReportData> {
  const now = deps.now();
  const readings = await deps.store.listReadings(member.id, 'sgv', from, to);
  const sessions = await deps.store.listSessions(member.id, { offset: 0, limit: 100, from, to });
  const devices = await deps.store.listDevices(member.id, { offset: 0, limit: 20 });
  const latest = (await deps.store.listSessions(member.id, { offset: 0, limit: 1 })).rows[0];
  return {
    member: {
      memberId: member.id,
      memberName: member.memberName,
      petType: member.petType,
      timeZone: member.timeZone,
      diabetesType: member.diabetesType,
      breed: member.breed,
      weight: member.weight,
      insulinType: member.insulinType,
      birthday: member.birthday,
    },
    memberSeting: memberSetingOf(member),
    from,
    to,
    readings,
    summary: summaryOf(readings, member, from, to),
    agp: readings.length === 0 ? null : { ...agpProfile(readings, { timeZone: member.timeZone, binMinutes: AGP_BIN_MINUTES }) },
    sessions: sessions.rows.map((s) => sessionOf(s, now)),
    devices: devices.rows.map((d) => deviceOf(d, latest, now)),
    eventCounts: await deps.store.countEventsByType(member.id, from, to),
  };
}

export const reportCalls = {
  async loadReport({ deps, input, viewer }: CallContext<'loadReport'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    return { item: await buildReport(deps, member, input.from, input.to) };
  },

  /** The device, its sessions and the owner's last 14 days up to the device's last refresh. */
  async loadDeviceReport({ deps, input, viewer }: CallContext<'loadDeviceReport'>) {
    const device = await deps.store.getDevice(input.memberDeviceId);
    if (!device) throw noPermission();
    const member = await memberToView(deps.store, viewer.member, device.memberId, deps.now());
    const now = deps.now();
    const to = (device.lastRefreshTime ?? now) + 1;
    const from = to - 14 * DAY_MS;
    const sessions = (await deps.store.listSessions(member.id, { offset: 0, limit: 100 })).rows.filter(
      (s) => s.deviceId === device.id,
    );
    const readings = await deps.store.listReadings(member.id, 'sgv', from, to);
    return {
      item: {
        device: deviceOf(device, sessions[0], now),
        sessions: sessions.map((s) => sessionOf(s, now)),
        from,
        to,
        summary: summaryOf(readings, member, from, to),
      },
    };
  },
};
