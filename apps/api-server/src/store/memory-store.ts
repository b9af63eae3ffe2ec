import type { Reading } from '@cgm-portal/api-client/contract';
import type {
  DeviceRow,
  EventRow,
  FollowerQuery,
  FollowerRow,
  MemberRow,
  NewDevice,
  NewEvent,
  NewFollower,
  NewMember,
  NewSession,
  NewVerifyCode,
  PageOf,
  Paging,
  PublicLinkRow,
  ReadingKind,
  ReadingRow,
  SessionRow,
  SpanQuery,
  Store,
  TokenRow,
  UploadSecretRow,
  VerifyCodeRow,
  NewUploadSecret,
  NewNightscoutDoc,
  NightscoutCollection,
  NightscoutDocQuery,
  NightscoutDocRow,
  JobClaim,
  JobRow,
  NewJob,
  NewPushDevice,
  PushDeviceRow,
  AlarmRow,
  AlertPreferenceRow,
  NewAlarm,
} from './types';

interface Tables {
  members: Map<number, MemberRow>;
  tokens: Map<string, TokenRow>;
  verifyCodes: VerifyCodeRow[];
  followers: Map<number, NewFollower & { id: number }>;
  /** Per member and kind: times ascending, with the values beside them. */
  readings: Map<string, { time: number[]; mgdl: number[] }>;
  sessions: Map<number, SessionRow>;
  events: Map<number, EventRow>;
  devices: Map<number, DeviceRow>;
  publicLinks: Map<string, PublicLinkRow>;
  uploadSecrets: Map<number, UploadSecretRow>;
  nightscoutDocs: Map<number, NightscoutDocRow>;
  jobs: Map<number, JobRow>;
  pushDevices: Map<number, PushDeviceRow>;
  alertEvaluations: Map<number, number>;
  alarms: Map<number, AlarmRow>;
  /** Keyed `alarmId/recipientId`. */
  alarmSnoozes: Map<string, number>;
  /** Keyed `recipientId/memberId`. */
  alertPreferences: Map<string, AlertPreferenceRow>;
  nextId: number;
}

function page<T>(all: T[], paging: Paging): PageOf<T> {
  return { rows: all.slice(paging.offset, paging.offset + paging.limit), total: all.length };
}

/** First index whose time is ≥ t. */
function lowerBound(times: number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The store in plain maps, for the browser (Storybook, component tests through MSW). It
 * answers exactly what KyselyStore answers; it holds no rules of its own. A transaction
 * takes a snapshot of the small tables and restores it if the work throws (readings are
 * only appended by the seed, never inside a request's transaction).
 */
export class MemoryStore implements Store {
  private t: Tables = {
    members: new Map(),
    tokens: new Map(),
    verifyCodes: [],
    followers: new Map(),
    readings: new Map(),
    sessions: new Map(),
    events: new Map(),
    devices: new Map(),
    publicLinks: new Map(),
    uploadSecrets: new Map(),
    nightscoutDocs: new Map(),
    jobs: new Map(),
    pushDevices: new Map(),
    alertEvaluations: new Map(),
    alarms: new Map(),
    alarmSnoozes: new Map(),
    alertPreferences: new Map(),
    nextId: 1,
  };

  async transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    const { readings, ...rest } = this.t;
    const snapshot = structuredClone(rest);
    try {
      return await work(this);
    } catch (error) {
      this.t = { ...snapshot, readings };
      throw error;
    }
  }
  // Alert state; each method is one JavaScript turn, so nothing interleaves between check and write.
  async claimReadingEvaluation(memberId: number, time: number) {
    const last = this.t.alertEvaluations.get(memberId);
    if (last !== undefined && last >= time) return false;
    this.t.alertEvaluations.set(memberId, time);
    return true;
  }
  async membersWithStaleReadings(since: number, before: number) {
    return [...this.t.alertEvaluations].filter(([, t]) => t >= since && t < before).map(([memberId, lastReadingTime]) => ({ memberId, lastReadingTime }));
  }
  async openAlarm(memberId: number) {
    const a = [...this.t.alarms.values()].find((x) => x.memberId === memberId && x.clearedAt === null);
    return a && { ...a };
  }
  async getAlarm(id: number) {
    const a = this.t.alarms.get(id);
    return a && { ...a };
  }
  async listOpenAlarms(memberIds: number[]) {
    return [...this.t.alarms.values()].filter((a) => a.clearedAt === null && memberIds.includes(a.memberId)).sort((a, b) => b.raisedAt - a.raisedAt).map((a) => ({ ...a }));
  }
  async listAlarmsDueRepeat(notifiedBefore: number) {
    return [...this.t.alarms.values()].filter((a) => a.clearedAt === null && a.lastNotifiedAt <= notifiedBefore).map((a) => ({ ...a }));
  }
  async insertAlarm(alarm: NewAlarm) {
    if (alarm.clearedAt === null && [...this.t.alarms.values()].some((a) => a.memberId === alarm.memberId && a.clearedAt === null)) return null;
    const id = this.id();
    this.t.alarms.set(id, { ...alarm, id });
    return id;
  }
  async updateAlarmIf(id: number, occurrence: number, patch: Partial<Omit<NewAlarm, 'memberId' | 'occurrence'>>) {
    const a = this.t.alarms.get(id);
    if (!a || a.occurrence !== occurrence || a.clearedAt !== null) return false;
    this.t.alarms.set(id, { ...a, ...patch, occurrence: occurrence + 1 });
    return true;
  }
  async upsertAlarmSnooze(alarmId: number, recipientId: number, until: number) {
    this.t.alarmSnoozes.set(`${alarmId}/${recipientId}`, until);
  }
  async alarmSnoozes(alarmIds: number[], recipientId: number) {
    const out = new Map<number, number>();
    for (const id of alarmIds) {
      const until = this.t.alarmSnoozes.get(`${id}/${recipientId}`);
      if (until !== undefined) out.set(id, until);
    }
    return out;
  }
  async listAlertPreferences(recipientId: number) {
    return [...this.t.alertPreferences.values()].filter((p) => p.recipientId === recipientId).map((p) => ({ ...p }));
  }
  async saveAlertPreference(preference: AlertPreferenceRow) {
    this.t.alertPreferences.set(`${preference.recipientId}/${preference.memberId}`, { ...preference });
  }

  async close() {}

  private id() {
    return this.t.nextId++;
  }

  async countMembers() {
    return this.t.members.size;
  }
  async insertMember(member: NewMember) {
    if (member.email && [...this.t.members.values()].some((m) => m.email === member.email)) {
      throw new Error('UNIQUE constraint failed: members.email');
    }
    const id = this.id();
    this.t.members.set(id, { alertRepeatMinutes: 30, ...member, id });
    return id;
  }
  async getMember(id: number) {
    const m = this.t.members.get(id);
    return m && { ...m };
  }
  async findMemberByEmail(email: string) {
    const m = [...this.t.members.values()].find((x) => x.email === email);
    return m && { ...m };
  }
  async findMemberByMobile(mobile: string) {
    const m = [...this.t.members.values()].find((x) => x.mobile === mobile);
    return m && { ...m };
  }
  async updateMember(id: number, patch: Partial<NewMember>) {
    const m = this.t.members.get(id);
    if (m) this.t.members.set(id, { ...m, ...patch });
  }

  async insertToken(token: TokenRow) {
    this.t.tokens.set(token.tokenHash, { ...token });
  }
  async findToken(tokenHash: string) {
    const t = this.t.tokens.get(tokenHash);
    return t && { ...t };
  }
  async updateToken(tokenHash: string, patch: Partial<Pick<TokenRow, 'expiresAt' | 'revokedAt'>>) {
    const t = this.t.tokens.get(tokenHash);
    if (t) this.t.tokens.set(tokenHash, { ...t, ...patch });
  }
  async revokeTokensOfMember(memberId: number, at: number) {
    for (const t of this.t.tokens.values()) if (t.memberId === memberId && t.revokedAt === null) t.revokedAt = at;
  }

  async insertVerifyCode(code: NewVerifyCode) {
    this.t.verifyCodes.push({ ...code, id: this.id() });
  }
  async latestVerifyCode(address: string, purpose: string) {
    const found = this.t.verifyCodes.filter((c) => c.address === address && c.purpose === purpose).at(-1);
    return found && { ...found };
  }
  async updateVerifyCode(id: number, patch: Partial<Pick<VerifyCodeRow, 'attempts' | 'usedAt'>>) {
    const c = this.t.verifyCodes.find((x) => x.id === id);
    if (c) Object.assign(c, patch);
  }
  // One JavaScript turn: nothing interleaves between the check and the write.
  async claimVerifyCodeAttempt(id: number, maxAttempts: number, now: number) {
    const c = this.t.verifyCodes.find((x) => x.id === id);
    if (!c || c.attempts >= maxAttempts || c.usedAt !== null || c.expiresAt <= now) return false;
    c.attempts += 1;
    return true;
  }
  async markVerifyCodeUsed(id: number, now: number) {
    const c = this.t.verifyCodes.find((x) => x.id === id);
    if (!c || c.usedAt !== null) return false;
    c.usedAt = now;
    return true;
  }
  private readonly leases = new Map<string, { holder: string; expiresAt: number }>();
  async claimLease(key: string, holder: string, now: number, ttlMs: number) {
    const current = this.leases.get(key);
    if (current && current.expiresAt > now) return false;
    this.leases.set(key, { holder, expiresAt: now + ttlMs });
    return true;
  }
  async releaseLease(key: string, holder: string) {
    if (this.leases.get(key)?.holder === holder) this.leases.delete(key);
  }

  private readonly attempts = new Map<string, { count: number; windowStart: number }>();
  async countAttempt(key: string, now: number, windowMs: number) {
    const current = this.attempts.get(key);
    const next = !current || current.windowStart <= now - windowMs ? { count: 1, windowStart: now } : { ...current, count: current.count + 1 };
    this.attempts.set(key, next);
    return next.count;
  }
  async clearAttempts(key: string) {
    this.attempts.delete(key);
  }
  async refundAttempt(key: string) {
    const current = this.attempts.get(key);
    if (current && current.count > 0) current.count -= 1;
  }

  private joinFollower(f: NewFollower & { id: number }): FollowerRow {
    const member = this.t.members.get(f.memberId);
    const follower = this.t.members.get(f.followerAccountId);
    return {
      ...f,
      memberName: member?.memberName ?? '',
      memberEmail: member?.email ?? null,
      followerName: follower?.memberName ?? '',
      followerEmail: follower?.email ?? null,
    };
  }
  async insertFollower(relation: NewFollower) {
    if (await this.findFollower(relation.memberId, relation.followerAccountId)) {
      throw new Error('UNIQUE constraint failed: followers');
    }
    const id = this.id();
    this.t.followers.set(id, { ...relation, id });
    return id;
  }
  async getFollower(id: number) {
    const f = this.t.followers.get(id);
    return f && this.joinFollower(f);
  }
  async findFollower(memberId: number, followerAccountId: number) {
    const f = [...this.t.followers.values()].find(
      (x) => x.memberId === memberId && x.followerAccountId === followerAccountId,
    );
    return f && this.joinFollower(f);
  }
  async updateFollower(id: number, patch: Partial<NewFollower>) {
    const f = this.t.followers.get(id);
    if (f) this.t.followers.set(id, { ...f, ...patch });
  }
  async deleteFollower(id: number) {
    this.t.followers.delete(id);
  }
  private listFollowers(side: 'member' | 'follower', accountId: number, query: FollowerQuery) {
    const keyword = query.keyword?.toLowerCase().replace(/[%_]/g, '');
    const rows = [...this.t.followers.values()]
      .filter((f) => (side === 'member' ? f.memberId : f.followerAccountId) === accountId)
      .filter((f) => query.status === undefined || f.status === query.status)
      .map((f) => this.joinFollower(f))
      .filter((f) => {
        if (!keyword) return true;
        const email = side === 'member' ? f.followerEmail : f.memberEmail;
        const name = side === 'member' ? f.followerName : f.memberName;
        return (email ?? '').toLowerCase().includes(keyword) || name.toLowerCase().includes(keyword);
      })
      .sort((a, b) => b.addTime - a.addTime || b.id - a.id);
    return Promise.resolve(page(rows, query));
  }
  listFollowersOfMember(memberId: number, query: FollowerQuery) {
    return this.listFollowers('member', memberId, query);
  }
  listFollowedBy(followerAccountId: number, query: FollowerQuery) {
    return this.listFollowers('follower', followerAccountId, query);
  }

  async insertReadings(readings: ReadingRow[]) {
    let inserted = 0;
    for (const r of readings) {
      const key = `${r.memberId}/${r.kind}`;
      let series = this.t.readings.get(key);
      if (!series) this.t.readings.set(key, (series = { time: [], mgdl: [] }));
      const at = lowerBound(series.time, r.time);
      if (series.time[at] === r.time) continue;
      if (at === series.time.length) {
        series.time.push(r.time);
        series.mgdl.push(r.mgdl);
      } else {
        series.time.splice(at, 0, r.time);
        series.mgdl.splice(at, 0, r.mgdl);
      }
      inserted++;
    }
    return inserted;
  }
  async deleteReading(memberId: number, kind: ReadingKind, time: number) {
    const series = this.t.readings.get(`${memberId}/${kind}`);
    const at = series ? lowerBound(series.time, time) : -1;
    if (series && series.time[at] === time) {
      series.time.splice(at, 1);
      series.mgdl.splice(at, 1);
    }
  }
  async listReadings(memberId: number, kind: ReadingKind, from: number, to: number): Promise<Reading[]> {
    const series = this.t.readings.get(`${memberId}/${kind}`);
    if (!series) return [];
    const out: Reading[] = [];
    for (let i = lowerBound(series.time, from); i < series.time.length && series.time[i]! < to; i++) {
      out.push({ time: series.time[i]!, mgdl: series.mgdl[i]! });
    }
    return out;
  }
  async listReadingsJson(memberId: number, kind: ReadingKind, from: number, to: number) {
    return JSON.stringify(await this.listReadings(memberId, kind, from, to));
  }
  async lastReadingTime(memberId: number) {
    return this.t.readings.get(`${memberId}/sgv`)?.time.at(-1);
  }

  async insertSession(session: NewSession) {
    const id = this.id();
    this.t.sessions.set(id, { ...session, id });
    return id;
  }
  async getSession(id: number) {
    const s = this.t.sessions.get(id);
    return s && { ...s };
  }
  async updateSession(id: number, patch: Partial<Pick<SessionRow, 'note' | 'endTime'>>) {
    const s = this.t.sessions.get(id);
    if (s) this.t.sessions.set(id, { ...s, ...patch });
  }
  async listSessions(memberId: number, query: SpanQuery) {
    const rows = [...this.t.sessions.values()]
      .filter((s) => s.memberId === memberId)
      .filter((s) => query.to === undefined || s.startTime < query.to)
      .filter((s) => query.from === undefined || (s.endTime ?? s.expireTime) > query.from)
      .sort((a, b) => b.startTime - a.startTime);
    return page(rows, query);
  }

  async insertEvents(events: NewEvent[]) {
    return events.map((e) => {
      const id = this.id();
      this.t.events.set(id, { ...e, id });
      return id;
    });
  }
  async getEvent(id: number) {
    const e = this.t.events.get(id);
    return e && { ...e };
  }
  async deleteEvent(id: number) {
    this.t.events.delete(id);
  }
  private memberEvents(memberId: number, from?: number, to?: number) {
    return [...this.t.events.values()].filter(
      (e) => e.memberId === memberId && (from === undefined || e.time >= from) && (to === undefined || e.time < to),
    );
  }
  async listEvents(memberId: number, query: SpanQuery & { eventType?: string }) {
    const rows = this.memberEvents(memberId, query.from, query.to)
      .filter((e) => !query.eventType || e.eventType === query.eventType)
      .sort((a, b) => b.time - a.time || b.id - a.id);
    return page(rows, query);
  }
  async countEventsByType(memberId: number, from: number, to: number) {
    const counts: Record<string, number> = {};
    for (const e of this.memberEvents(memberId, from, to)) counts[e.eventType] = (counts[e.eventType] ?? 0) + 1;
    return counts;
  }

  async insertDevice(device: NewDevice) {
    const id = this.id();
    this.t.devices.set(id, { ...device, id });
    return id;
  }
  async getDevice(id: number) {
    const d = this.t.devices.get(id);
    return d && { ...d };
  }
  async listDevices(memberId: number, paging: Paging) {
    return page(
      [...this.t.devices.values()].filter((d) => d.memberId === memberId).sort((a, b) => a.id - b.id),
      paging,
    );
  }

  async insertPublicLink(link: PublicLinkRow) {
    this.t.publicLinks.set(link.id, { ...link });
  }
  async getPublicLink(id: string) {
    const l = this.t.publicLinks.get(id);
    return l && { ...l };
  }
  async updatePublicLink(id: string, patch: Partial<Pick<PublicLinkRow, 'revokedAt'>>) {
    const l = this.t.publicLinks.get(id);
    if (l) this.t.publicLinks.set(id, { ...l, ...patch });
  }
  async listPublicLinks(memberId: number, paging: Paging) {
    return page(
      [...this.t.publicLinks.values()].filter((l) => l.memberId === memberId).sort((a, b) => b.createdAt - a.createdAt),
      paging,
    );
  }

  async countLivePublicLinks(memberId: number, now: number) {
    return [...this.t.publicLinks.values()].filter((l) => l.memberId === memberId && l.revokedAt === null && (l.expiresAt === null || l.expiresAt > now)).length;
  }
  async lockMember() {
    // One JavaScript thread: the check and the insert of a member's transaction do not interleave with another's writes to the same rows.
  }

  async insertUploadSecret(secret: NewUploadSecret) {
    const id = this.id();
    this.t.uploadSecrets.set(id, { ...secret, id });
    return id;
  }
  async findUploadSecret(secretHash: string) {
    const found = [...this.t.uploadSecrets.values()].find((s) => s.secretHash === secretHash);
    return found && { ...found };
  }
  async listUploadSecrets(memberId: number) {
    return [...this.t.uploadSecrets.values()]
      .filter((s) => s.memberId === memberId)
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
      .map((s) => ({ ...s }));
  }
  async updateUploadSecret(id: number, patch: Partial<Pick<UploadSecretRow, 'revokedAt' | 'lastUsedAt'>>) {
    const s = this.t.uploadSecrets.get(id);
    if (s) this.t.uploadSecrets.set(id, { ...s, ...patch });
  }
  async getUploadSecret(id: number) {
    const s = this.t.uploadSecrets.get(id);
    return s && { ...s };
  }

  async insertNightscoutDoc(doc: NewNightscoutDoc) {
    const taken = [...this.t.nightscoutDocs.values()].some(
      (d) => d.memberId === doc.memberId && d.collection === doc.collection && d.identifier === doc.identifier,
    );
    if (taken) throw new Error('UNIQUE constraint failed: nightscout_docs.identifier');
    const id = this.id();
    this.t.nightscoutDocs.set(id, { ...doc, id });
    return id;
  }
  async findNightscoutDoc(memberId: number, collection: NightscoutCollection, by: { identifier: string } | { dedupKey: string }) {
    const found = [...this.t.nightscoutDocs.values()].find(
      (d) => d.memberId === memberId && d.collection === collection && ('identifier' in by ? d.identifier === by.identifier : d.dedupKey === by.dedupKey),
    );
    return found && { ...found };
  }
  async updateNightscoutDoc(id: number, patch: Partial<Pick<NewNightscoutDoc, 'date' | 'dedupKey' | 'srvModified' | 'isValid' | 'doc'>>) {
    const d = this.t.nightscoutDocs.get(id);
    if (d) this.t.nightscoutDocs.set(id, { ...d, ...patch });
  }
  async deleteNightscoutDoc(id: number) {
    this.t.nightscoutDocs.delete(id);
  }
  async listNightscoutDocs(memberId: number, collection: NightscoutCollection, query: NightscoutDocQuery) {
    const sign = query.desc ? -1 : 1;
    return [...this.t.nightscoutDocs.values()]
      .filter(
        (d) =>
          d.memberId === memberId &&
          d.collection === collection &&
          (query.from === undefined || d.date >= query.from) &&
          (query.to === undefined || d.date < query.to) &&
          (query.modifiedAfter === undefined ? d.isValid : d.srvModified > query.modifiedAfter),
      )
      .sort((a, b) => sign * (a[query.order] - b[query.order] || a.id - b.id))
      .slice(query.offset, query.offset + query.limit)
      .map((d) => ({ ...d }));
  }
  async nightscoutLastModified(memberId: number) {
    const out: Partial<Record<NightscoutCollection, number>> = {};
    for (const d of this.t.nightscoutDocs.values()) {
      if (d.memberId === memberId) out[d.collection] = Math.max(out[d.collection] ?? 0, d.srvModified);
    }
    return out;
  }

  async insertJob(job: NewJob) {
    if (job.dedupKey !== null && [...this.t.jobs.values()].some((j) => j.dedupKey === job.dedupKey)) return undefined;
    const id = this.id();
    this.t.jobs.set(id, { ...job, id, attempts: 0, leaseToken: null, leaseUntil: null, lastError: null, failedAt: null });
    return id;
  }
  async claimJobs({ kinds, now, leaseMs, leaseToken, limit }: JobClaim) {
    const due = [...this.t.jobs.values()]
      .filter((j) => j.failedAt === null && kinds.includes(j.kind) && j.runAt <= now && (j.leaseUntil === null || j.leaseUntil <= now))
      .sort((a, b) => a.runAt - b.runAt || a.id - b.id)
      .slice(0, Math.max(0, limit));
    for (const job of due) Object.assign(job, { leaseToken, leaseUntil: now + leaseMs, attempts: job.attempts + 1 });
    return due.map((j) => ({ ...j }));
  }
  private leased(id: number, leaseToken: string) {
    const job = this.t.jobs.get(id);
    return job && job.leaseToken === leaseToken ? job : undefined;
  }
  async renewJobLease(id: number, leaseToken: string, leaseUntil: number) {
    const job = this.leased(id, leaseToken);
    if (job) job.leaseUntil = leaseUntil;
    return Boolean(job);
  }
  async completeJob(id: number, leaseToken: string) {
    return Boolean(this.leased(id, leaseToken)) && this.t.jobs.delete(id);
  }
  async retryJob(id: number, leaseToken: string, runAt: number, error: string) {
    const job = this.leased(id, leaseToken);
    if (job) Object.assign(job, { runAt, leaseToken: null, leaseUntil: null, lastError: error });
    return Boolean(job);
  }
  async failJob(id: number, leaseToken: string, failedAt: number, error: string) {
    const job = this.leased(id, leaseToken);
    if (job) Object.assign(job, { failedAt, dedupKey: null, leaseToken: null, leaseUntil: null, lastError: error });
    return Boolean(job);
  }
  async countPushDevices(memberId: number) {
    return [...this.t.pushDevices.values()].filter((d) => d.memberId === memberId).length;
  }
  async savePushDevice(device: NewPushDevice) {
    const existing = [...this.t.pushDevices.values()].find((d) => d.endpoint === device.endpoint);
    if (existing) {
      Object.assign(existing, { memberId: device.memberId, p256dh: device.p256dh, auth: device.auth, name: device.name });
      return { ...existing };
    }
    const row = { ...device, id: this.id(), lastNotifiedAt: null };
    this.t.pushDevices.set(row.id, row);
    return { ...row };
  }
  async findPushDeviceByEndpoint(endpoint: string) {
    const row = [...this.t.pushDevices.values()].find((d) => d.endpoint === endpoint);
    return row && { ...row };
  }
  async getPushDevice(id: number) {
    const row = this.t.pushDevices.get(id);
    return row && { ...row };
  }
  async listPushDevices(memberId: number) {
    return [...this.t.pushDevices.values()].filter((d) => d.memberId === memberId).sort((a, b) => a.createdAt - b.createdAt || a.id - b.id).map((d) => ({ ...d }));
  }
  async deletePushDevice(id: number, memberId?: number) {
    const row = this.t.pushDevices.get(id);
    if (!row || (memberId !== undefined && row.memberId !== memberId)) return false;
    return this.t.pushDevices.delete(id);
  }
  async markPushDeviceNotified(id: number, at: number) {
    const row = this.t.pushDevices.get(id);
    if (row) row.lastNotifiedAt = at;
  }
  async listJobs(kind?: string) {
    return [...this.t.jobs.values()].filter((j) => !kind || j.kind === kind).map((j) => ({ ...j }));
  }

  private readonly secrets = new Map<string, string>();
  private readonly files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  async sharedSecret(name: string, create: () => string) {
    if (!this.secrets.has(name)) this.secrets.set(name, create());
    return this.secrets.get(name)!;
  }
  async saveFile(path: string, file: { bytes: Uint8Array; contentType: string }) {
    this.files.set(path, { bytes: file.bytes.slice(), contentType: file.contentType });
  }
  async readFile(path: string) {
    return this.files.get(path);
  }
  async removeFile(path: string) {
    this.files.delete(path);
  }
}
