import type { ReportData } from '@cgm-portal/api-client/contract';
import { memberToView } from '../access';
import { dataEtag, etagMatches } from '../etags';
import { noPermission, RawJson, stringifyAnswer, type CallContext, type Deps } from '../http';
import { LruMap } from '../lru-map';
import { readingDaysOf, readingsOf, type SpanVersions } from '../reading-days';
import { reportStatistics, summaryOf, type ReportStatistics } from '../report-statistics';
import type { MemberRow, Store } from '../store/types';
import { deviceOf, memberSetingOf, sessionOf } from '../views';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Summary and AGP by member, span, settings and day versions: recomputed only when one changes.
 * Kept as JSON text too: a 90-day summary lists its episodes (about 40 KB), which the packed
 * report would otherwise write out again on every load.
 */
interface ComputedStats {
  stats: ReportStatistics;
  json: { summary: RawJson; agp: RawJson };
}
/** Promises, so requests that arrive while the statistics are computed wait for the same result. */
const computedStats = new WeakMap<Store, LruMap<string, Promise<ComputedStats>>>();
const COMPUTED_STATS_KEPT = 64;

async function computeStats(deps: Deps, member: MemberRow, span: SpanVersions): Promise<ComputedStats> {
  const { times, values } = await readingDaysOf(deps.store).read(deps.store, span);
  const input = { times, values, timeZone: member.timeZone, targetLow: member.targetLow, targetHigh: member.targetHigh, from: span.from, to: span.to };
  const stats = deps.platform.reportStatistics ? await deps.platform.reportStatistics(input) : reportStatistics(input);
  return { stats, json: { summary: new RawJson(JSON.stringify(stats.summary)), agp: new RawJson(JSON.stringify(stats.agp)) } };
}

/** The span's versions and its statistics, computed once for all requests asking at the same time. */
async function spanStatistics(deps: Deps, member: MemberRow, from: number, to: number) {
  const span = await readingDaysOf(deps.store).versionsOf(deps.store, member.id, from, to);
  let statsCache = computedStats.get(deps.store);
  if (!statsCache) computedStats.set(deps.store, (statsCache = new LruMap(COMPUTED_STATS_KEPT)));
  const statsKey = [member.id, member.timeZone, member.targetLow, member.targetHigh, from, to, span.key].join('|');
  let computing = statsCache.get(statsKey);
  if (!computing) {
    const cache = statsCache;
    statsCache.set(statsKey, (computing = computeStats(deps, member, span)));
    // A failure is not kept: the next request tries again.
    computing.catch(() => cache.get(statsKey) === computing && cache.delete(statsKey));
  }
  return { span, computed: await computing };
}

/** The report but its readings, and the span they come from; buildReport and buildPackedReport add them. */
async function reportOf(deps: Deps, member: MemberRow, from: number, to: number) {
  const now = deps.now();
  // The statistics and the four small lists do not wait for one another: under load each
  // database round trip waits its turn, and in a row they were most of a warm report's time.
  const [{ span, computed }, sessions, devices, latestSessions, eventCounts] = await Promise.all([
    spanStatistics(deps, member, from, to),
    deps.store.listSessions(member.id, { offset: 0, limit: 100, from, to }),
    deps.store.listDevices(member.id, { offset: 0, limit: 20 }),
    deps.store.listSessions(member.id, { offset: 0, limit: 1 }),
    deps.store.countEventsByType(member.id, from, to),
  ]);
  const { stats } = computed;
  const latest = latestSessions.rows[0];
  const report: Omit<ReportData, 'readings'> = {
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
    ...stats,
    sessions: sessions.rows.map((s) => sessionOf(s, now)),
    devices: devices.rows.map((d) => deviceOf(d, latest, now)),
    eventCounts,
  };
  return { report, span, statsJson: computed.json };
}

export async function buildReport(deps: Deps, member: MemberRow, from: number, to: number): Promise<ReportData> {
  const { report, span } = await reportOf(deps, member, from, to);
  return { ...report, readings: readingsOf(await readingDaysOf(deps.store).read(deps.store, span)) };
}

/** The report with its readings packed (packed-readings.ts), spliced in as JSON: what the portal reads. */
export async function buildPackedReport(deps: Deps, member: MemberRow, from: number, to: number) {
  const { report, span, statsJson } = await reportOf(deps, member, from, to);
  return { ...report, ...statsJson, readings: new RawJson(await readingDaysOf(deps.store).packedJson(deps.store, span)) };
}

/**
 * A report answered with an ETag of its own text: sessions and devices change with the clock
 * (a sensor expires), so no version can stand for them; the hash of the answer can. A repeat
 * then costs no compression (kept by ETag), and a browser holding it gets a 304.
 */
export async function answerWithEtag(deps: Deps, item: unknown, lanCode: string, ifNoneMatch: string | undefined) {
  const json = stringifyAnswer(item);
  const etag = await dataEtag(deps.platform, ['report', lanCode, json]);
  return etagMatches(ifNoneMatch, etag) ? { etag, notModified: true } : { etag, item: new RawJson(json) };
}

export const reportCalls = {
  async loadReport({ deps, input, viewer }: CallContext<'loadReport'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    return { item: await buildReport(deps, member, input.from, input.to) };
  },

  async loadPackedReport({ deps, input, viewer, lanCode, ifNoneMatch }: CallContext<'loadPackedReport'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    return answerWithEtag(deps, await buildPackedReport(deps, member, input.from, input.to), lanCode, ifNoneMatch);
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
        summary: summaryOf(readings, { ...member, from, to }),
      },
    };
  },
};
