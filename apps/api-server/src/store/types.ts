import type { Reading } from '@cgm-portal/api-client/contract';

/**
 * The store: every read and write the server makes, in the product's words. One
 * implementation answers it, Kysely (kysely-store.ts), on better-sqlite3, PostgreSQL, or SQLite
 * in WebAssembly for Storybook and component tests (wasm-sqlite.ts); the business rules and
 * permission checks live above it, once, in the routes.
 */
export interface Store {
  /** Runs `work` atomically: all of its writes happen or none does. */
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
  /**
   * Inside a transaction: holds the member's row until it ends, so an "at most N per member"
   * check and its insert run alone (PostgreSQL's row lock; SQLite runs one transaction at a time).
   */
  lockMember(memberId: number): Promise<void>;

  countMembers(): Promise<number>;
  insertMember(member: NewMember): Promise<number>;
  getMember(id: number): Promise<MemberRow | undefined>;
  findMemberByEmail(email: string): Promise<MemberRow | undefined>;
  findMemberByMobile(mobile: string): Promise<MemberRow | undefined>;
  updateMember(id: number, patch: Partial<NewMember>): Promise<void>;
  /** Sets the avatar to `to` only if it is still `from` (compare and swap): false when it changed. */
  swapAvatar(id: number, from: string, to: string): Promise<boolean>;
  /**
   * Adds `bytes` to the member's stored bytes if the total stays within `quota`, in one
   * statement: a parallel burst of uploads can never take more than the quota.
   */
  reserveStorage(memberId: number, bytes: number, quota: number): Promise<boolean>;
  /** Gives `bytes` back (a file deleted, or never written). */
  releaseStorage(memberId: number, bytes: number): Promise<void>;
  recordMemberFile(path: string, memberId: number, bytes: number): Promise<void>;
  /** Forgets the file if `memberId` owns it, answering its size; undefined when not theirs. */
  forgetMemberFile(path: string, memberId: number): Promise<number | undefined>;

  insertToken(token: TokenRow): Promise<void>;
  findToken(tokenHash: string): Promise<TokenRow | undefined>;
  updateToken(tokenHash: string, patch: Partial<Pick<TokenRow, 'expiresAt' | 'revokedAt'>>): Promise<void>;
  revokeTokensOfMember(memberId: number, at: number): Promise<void>;

  insertVerifyCode(code: NewVerifyCode): Promise<void>;
  latestVerifyCode(address: string, purpose: string): Promise<VerifyCodeRow | undefined>;
  updateVerifyCode(id: number, patch: Partial<Pick<VerifyCodeRow, 'attempts' | 'usedAt'>>): Promise<void>;
  /**
   * Takes one of a code's tries, in one statement: true when the code was live (unused,
   * unexpired) and had a try left. A parallel burst can never take more than `maxAttempts`.
   */
  claimVerifyCodeAttempt(id: number, maxAttempts: number, now: number): Promise<boolean>;
  /** Marks a code used, once: false when another request used it first. */
  markVerifyCodeUsed(id: number, now: number): Promise<boolean>;

  /**
   * Counts one attempt under `key` in its current window, in one statement, and answers the count
   * including this one (a new window starts at 1). Kept in the database, so a restart or a
   * second server forgets nothing. Windows last `windowMs`; with `backoff`, a window that ended
   * with the limit reached makes the next one twice as long (up to `maxWindowMs`), and a window
   * that ended under it brings back `windowMs`: an attacker who keeps going gets ever fewer tries.
   */
  countAttempt(key: string, now: number, windowMs: number, backoff?: AttemptBackoff): Promise<number>;
  /** Forgets `key`'s attempts (a right password ends its run of failures). */
  clearAttempts(key: string): Promise<void>;
  /** Gives one attempt back (a success counted in advance), never below zero. */
  refundAttempt(key: string): Promise<void>;

  /**
   * Claims the lease `key` for `holder` until now + ttlMs, in one statement: true when it was
   * free or its last holder's time ran out. A parallel burst of claims gets exactly one.
   */
  claimLease(key: string, holder: string, now: number, ttlMs: number): Promise<boolean>;
  /** Ends `holder`'s lease on `key` (nothing if another holds it now). */
  releaseLease(key: string, holder: string): Promise<void>;

  insertFollower(relation: NewFollower): Promise<number>;
  getFollower(id: number): Promise<FollowerRow | undefined>;
  findFollower(memberId: number, followerAccountId: number): Promise<FollowerRow | undefined>;
  updateFollower(id: number, patch: Partial<NewFollower>): Promise<void>;
  deleteFollower(id: number): Promise<void>;
  /** Relations where `memberId` is watched; keyword matches the follower's e-mail or name. */
  listFollowersOfMember(memberId: number, query: FollowerQuery): Promise<PageOf<FollowerRow>>;
  /** Relations where `followerAccountId` watches; keyword matches the member's e-mail or name. */
  listFollowedBy(followerAccountId: number, query: FollowerQuery): Promise<PageOf<FollowerRow>>;

  /** Inserts readings; an existing (memberId, kind, time) is kept, so re-uploads are idempotent. */
  insertReadings(readings: ReadingRow[]): Promise<number>;
  /** Removes one reading (an uploader withdrew it). */
  deleteReading(memberId: number, kind: ReadingKind, time: number): Promise<void>;
  /** Ascending by time, from ≤ time < to. */
  listReadings(memberId: number, kind: ReadingKind, from: number, to: number): Promise<Reading[]>;
  /**
   * The same readings as two columns (times, mg/dL), ascending: what the day cache keeps. A cold
   * 90-day report reads 26,000 of them; as rows on PostgreSQL that is 15 ms of the server's
   * thread, as two columns 5 ms.
   */
  listReadingColumns(memberId: number, kind: ReadingKind, from: number, to: number): Promise<{ times: Float64Array; values: Uint16Array }>;
  /** The same readings as a JSON array text `[{"time":…,"mgdl":…},…]`, made by the database. */
  listReadingsJson(memberId: number, kind: ReadingKind, from: number, to: number): Promise<string>;
  lastReadingTime(memberId: number): Promise<number | undefined>;
  /**
   * Per UTC day (floor(time / 86,400,000)) in [fromDay, toDay], a number that changes after
   * every write of that day's readings (any kind): what cached readings and ETags are checked
   * against. A day never written is absent (version 0). Writes change it after the readings,
   * so a version that is seen never comes with older readings.
   */
  readingDayVersions(memberId: number, fromDay: number, toDay: number): Promise<Map<number, number>>;

  insertSession(session: NewSession): Promise<number>;
  getSession(id: number): Promise<SessionRow | undefined>;
  updateSession(id: number, patch: Partial<Pick<SessionRow, 'note' | 'endTime'>>): Promise<void>;
  /** Sessions overlapping [from, to), newest first. */
  listSessions(memberId: number, query: SpanQuery): Promise<PageOf<SessionRow>>;

  insertEvents(events: NewEvent[]): Promise<number[]>;
  /**
   * Inserts `event` unless the member already has an event made with `idempotencyKey`, in one
   * statement: a parallel burst of the same key makes exactly one. Answers that event's id.
   */
  insertEventOnce(event: NewEvent, idempotencyKey: string): Promise<{ id: number; created: boolean }>;
  getEvent(id: number): Promise<EventRow | undefined>;
  deleteEvent(id: number): Promise<void>;
  /** Newest first. */
  listEvents(memberId: number, query: SpanQuery & { eventType?: string }): Promise<PageOf<EventRow>>;
  countEventsByType(memberId: number, from: number, to: number): Promise<Record<string, number>>;

  insertDevice(device: NewDevice): Promise<number>;
  getDevice(id: number): Promise<DeviceRow | undefined>;
  listDevices(memberId: number, page: Paging): Promise<PageOf<DeviceRow>>;

  insertPublicLink(link: PublicLinkRow): Promise<void>;
  getPublicLink(id: string): Promise<PublicLinkRow | undefined>;
  updatePublicLink(id: string, patch: Partial<Pick<PublicLinkRow, 'revokedAt'>>): Promise<void>;
  listPublicLinks(memberId: number, page: Paging): Promise<PageOf<PublicLinkRow>>;
  /** Links that still open a report: not revoked, not expired. */
  countLivePublicLinks(memberId: number, now: number): Promise<number>;

  /** Upload secrets of Nightscout-speaking uploaders; found by the hash of their SHA-1 hex. */
  insertUploadSecret(secret: NewUploadSecret): Promise<number>;
  findUploadSecret(secretHash: string): Promise<UploadSecretRow | undefined>;
  /** Newest first. */
  listUploadSecrets(memberId: number): Promise<UploadSecretRow[]>;
  updateUploadSecret(id: number, patch: Partial<Pick<UploadSecretRow, 'revokedAt' | 'lastUsedAt'>>): Promise<void>;
  getUploadSecret(id: number): Promise<UploadSecretRow | undefined>;

  /** Documents as Nightscout clients sent them (API v1 and v3), one per (member, collection, identifier). */
  insertNightscoutDoc(doc: NewNightscoutDoc): Promise<number>;
  /** Several of one member and collection in one statement; their ids in the order given. */
  insertNightscoutDocs(docs: readonly NewNightscoutDoc[]): Promise<number[]>;
  /**
   * By identifier, or by Nightscout's dedup fields (the oldest such document). A dedup key always
   * ends in the document's date, so the lookup names both and runs on the date index.
   */
  findNightscoutDoc(memberId: number, collection: NightscoutCollection, by: { identifier: string } | DedupLookup): Promise<NightscoutDocRow | undefined>;
  /** The documents holding any of these dedup keys, in one statement (a phone's batch of entries). */
  findNightscoutDocsByDedup(memberId: number, collection: NightscoutCollection, keys: readonly DedupLookup[]): Promise<NightscoutDocRow[]>;
  updateNightscoutDoc(id: number, patch: Partial<Pick<NewNightscoutDoc, 'date' | 'dedupKey' | 'srvModified' | 'isValid' | 'doc'>>): Promise<void>;
  listNightscoutDocs(memberId: number, collection: NightscoutCollection, query: NightscoutDocQuery): Promise<NightscoutDocRow[]>;
  /** A permanent delete (API v3 `?permanent=true`): the document is gone, history included. */
  deleteNightscoutDoc(id: number): Promise<void>;
  /** Per collection, the newest srvModified of the member's documents. */
  nightscoutLastModified(memberId: number): Promise<Partial<Record<NightscoutCollection, number>>>;

  /**
   * Queues a job; with a dedupKey, only when no unfinished job holds that key (answers undefined
   * then, in the same statement, so a parallel burst queues one).
   */
  insertJob(job: NewJob): Promise<number | undefined>;
  /**
   * Claims up to `limit` due jobs of these kinds in one statement: not failed, runAt ≤ now, and
   * no live lease. Each gets `leaseToken` until now + leaseMs and one more attempt. Two
   * claimers never get the same job while its lease runs.
   */
  claimJobs(claim: JobClaim): Promise<JobRow[]>;
  /** Extends a lease still held with `leaseToken`; false when it lapsed and another took the job. */
  renewJobLease(id: number, leaseToken: string, leaseUntil: number): Promise<boolean>;
  /** Removes a job done under `leaseToken`; false when the lease was lost. */
  completeJob(id: number, leaseToken: string): Promise<boolean>;
  /** Releases the lease and sets the next try; false when the lease was lost. */
  retryJob(id: number, leaseToken: string, runAt: number, error: string): Promise<boolean>;
  /** Gives the job up (kept with failedAt; its dedupKey is freed); false when the lease was lost. */
  failJob(id: number, leaseToken: string, failedAt: number, error: string): Promise<boolean>;
  /** Jobs not yet done (pending, running or failed), oldest first; for operators and tests. */
  listJobs(kind?: string): Promise<JobRow[]>;

  /**
   * A deployment-wide secret: the first caller's `create()` is stored, every later caller (any
   * server) reads that one. One statement decides, so two servers starting at once agree.
   */
  sharedSecret(name: string, create: () => string, now: number): Promise<string>;

  /** Uploaded files (avatars) in the database, for deployments of several servers. */
  saveFile(path: string, file: { bytes: Uint8Array; contentType: string }, now: number): Promise<void>;
  readFile(path: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined>;
  removeFile(path: string): Promise<void>;

  /** Browsers that receive Web Push for an account. */
  countPushDevices(memberId: number): Promise<number>;
  /**
   * Saves a subscription; the same endpoint again (a browser re-subscribing, or another account
   * signing in on it) updates its row, so one browser never gets a notification twice.
   */
  savePushDevice(device: NewPushDevice): Promise<PushDeviceRow>;
  findPushDeviceByEndpoint(endpoint: string): Promise<PushDeviceRow | undefined>;
  getPushDevice(id: number): Promise<PushDeviceRow | undefined>;
  /** Oldest first. */
  listPushDevices(memberId: number): Promise<PushDeviceRow[]>;
  /** Deletes the device when it is `memberId`'s (any owner when undefined); false when there was none. */
  deletePushDevice(id: number, memberId?: number): Promise<boolean>;
  markPushDeviceNotified(id: number, at: number): Promise<void>;

  // Alert state (alerts/): kept here, not in a process, so a restart or a second server forgets nothing.
  /**
   * Claims the evaluation of a member's live reading, in one statement: true for exactly one
   * caller per (member, time), and false for a reading not newer than the last one evaluated.
   */
  claimReadingEvaluation(memberId: number, time: number): Promise<boolean>;
  /** Members whose last live reading arrived in [since, before): the no-data watcher's candidates. */
  membersWithStaleReadings(since: number, before: number): Promise<{ memberId: number; lastReadingTime: number }[]>;
  /** The member's one open alarm (not cleared), if any. */
  openAlarm(memberId: number): Promise<AlarmRow | undefined>;
  getAlarm(id: number): Promise<AlarmRow | undefined>;
  /** Open alarms of these members. */
  listOpenAlarms(memberIds: number[]): Promise<AlarmRow[]>;
  /** Open alarms nobody acknowledged whose last notice is at or before `notifiedBefore`. */
  listAlarmsDueRepeat(notifiedBefore: number): Promise<AlarmRow[]>;
  /** Opens an alarm; null when the member already has an open one (another server was first). */
  insertAlarm(alarm: NewAlarm): Promise<number | null>;
  /**
   * Changes an open alarm only while it is as the caller last read it (same occurrence, still
   * open): false when another server changed it first. Every change bumps the occurrence.
   */
  updateAlarmIf(id: number, occurrence: number, patch: Partial<Omit<NewAlarm, 'memberId' | 'occurrence'>>): Promise<boolean>;
  upsertAlarmSnooze(alarmId: number, recipientId: number, until: number): Promise<void>;
  /** Snoozes of these alarms by one recipient, by alarm id. */
  alarmSnoozes(alarmIds: number[], recipientId: number): Promise<Map<number, number>>;
  /** One recipient's saved alert choices, per member. */
  listAlertPreferences(recipientId: number): Promise<AlertPreferenceRow[]>;
  saveAlertPreference(preference: AlertPreferenceRow): Promise<void>;

  /**
   * Makes what storing a reading at any accepted time needs, as of `now` (and the wall clock):
   * PostgreSQL's month partitions of readings (store/reading-months.ts). Run at start and hourly.
   */
  prepareStorage?(now: number): Promise<void>;
  /** Frees resources (closes the database). */
  close(): Promise<void>;
}

export interface Paging {
  offset: number;
  limit: number;
}
export interface PageOf<T> {
  rows: T[];
  total: number;
}
export interface SpanQuery extends Paging {
  from?: number;
  to?: number;
}
export interface FollowerQuery extends Paging {
  status?: number;
  keyword?: string;
}

export type ReadingKind = 'sgv' | 'mbg' | 'cal';
export interface ReadingRow {
  memberId: number;
  time: number;
  mgdl: number;
  kind: ReadingKind;
}

/** Exponential back-off of an attempt limit (Store.countAttempt). */
export interface AttemptBackoff {
  /** The attempts allowed per window: reaching it doubles the next window. */
  limit: number;
  maxWindowMs: number;
}

export interface NewMember {
  accountType: 2 | 3;
  email: string | null;
  mobile: string | null;
  passwordHash: string;
  memberName: string;
  avatar: string;
  country: string | null;
  timeZone: string;
  birthday: string | null;
  gender: number | null;
  diabetesType: number | null;
  diagnosisYear: number | null;
  remarks: string | null;
  petType: 'cat' | 'dog' | null;
  breed: string | null;
  weight: number | null;
  insulinType: string | null;
  insulinFreq: number | null;
  insulinDose: number | null;
  syringeType: number | null;
  unit: 'mmol/L' | 'mg/dL';
  targetLow: number;
  targetHigh: number;
  highAlert: number;
  lowAlert: number;
  urgentLowAlert: number;
  urgentHighAlert: number;
  createdAt: number;
  /** The language the member last used the portal in (lanCode); null until they sign in. */
  lang?: string | null;
  /** Minutes between repeats of an unacknowledged alert other than urgent low. */
  alertRepeatMinutes?: number;
}
export interface MemberRow extends NewMember {
  id: number;
}

export interface TokenRow {
  tokenHash: string;
  memberId: number;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export interface NewVerifyCode {
  address: string;
  purpose: string;
  codeHash: string;
  createdAt: number;
  expiresAt: number;
  attempts: number;
  usedAt: number | null;
}
export interface VerifyCodeRow extends NewVerifyCode {
  id: number;
}

export interface NewFollower {
  memberId: number;
  followerAccountId: number;
  status: 0 | 1 | 2;
  shareFlag: 0 | 1;
  note: string;
  message: string;
  addTime: number;
  fetchedTime: number | null;
}
/** A relation with both parties' names and e-mails joined in. */
export interface FollowerRow extends NewFollower {
  id: number;
  memberName: string;
  memberEmail: string | null;
  followerName: string;
  followerEmail: string | null;
}

export interface NewSession {
  memberId: number;
  deviceId: number | null;
  sn: string;
  startTime: number;
  warmupEndTime: number;
  expireTime: number;
  endTime: number | null;
  note: string;
}
export interface SessionRow extends NewSession {
  id: number;
}

export interface NewEvent {
  memberId: number;
  eventType: string;
  time: number;
  note: string;
  /** JSON of the contract's eventDetail. */
  detail: string;
}
export interface EventRow extends NewEvent {
  id: number;
}

export interface NewDevice {
  memberId: number;
  sn: string;
  model: string;
  appVersion: string;
  phoneModel: string;
  osVersion: string;
  lastRefreshTime: number | null;
  timeZone: string;
}
export interface DeviceRow extends NewDevice {
  id: number;
}

export interface PublicLinkRow {
  id: string;
  memberId: number;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  spanDays: number;
  lang: string;
}

export type UploadSecretScope = 'upload' | 'read' | 'create' | 'update' | 'delete';

export interface NewUploadSecret {
  memberId: number;
  /** SHA-256 hex of the secret's SHA-1 hex (what uploaders send). */
  secretHash: string;
  label: string;
  /**
   * `upload` writes and reads (an uploader); `read` only reads (a follower's tool); `create`,
   * `update` and `delete` allow that one operation only (Nightscout's per-operation roles).
   */
  scope: UploadSecretScope;
  /** The portal language (lanCode) the secret was made in: the language of its alarms. */
  lang: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}
export interface UploadSecretRow extends NewUploadSecret {
  id: number;
}

export const NIGHTSCOUT_COLLECTIONS = ['entries', 'treatments', 'devicestatus', 'profile', 'food', 'settings'] as const;
export type NightscoutCollection = (typeof NIGHTSCOUT_COLLECTIONS)[number];
export interface NewNightscoutDoc {
  memberId: number;
  collection: NightscoutCollection;
  identifier: string;
  /** The document's own time (epoch ms), for sorting and date filters. */
  date: number;
  /** What makes two uploads the same record when their identifiers differ (e.g. `sgv|<date>`). */
  dedupKey: string | null;
  srvCreated: number;
  srvModified: number;
  /** False once deleted through the API: kept so history readers learn of the deletion. */
  isValid: boolean;
  /** The JSON document without the server's fields. */
  doc: string;
}
export interface NightscoutDocRow extends NewNightscoutDoc {
  id: number;
}
/** A dedup key and the date it was made from (the document's `date` column). */
export interface DedupLookup {
  dedupKey: string;
  date: number;
}
export interface NightscoutDocQuery {
  /** date ≥ from */
  from?: number;
  /** date < to */
  to?: number;
  /** srvModified > modifiedAfter (history); includes deleted documents. */
  modifiedAfter?: number;
  order: 'date' | 'srvModified';
  desc: boolean;
  limit: number;
  offset: number;
}

export type AlarmKindName = 'urgentLow' | 'low' | 'high' | 'urgentHigh' | 'noData';
/** One alert of a member, from raised to cleared; acknowledgement is everyone's, snoozes are per recipient. */
export interface NewAlarm {
  memberId: number;
  kind: AlarmKindName;
  raisedAt: number;
  lastNotifiedAt: number;
  /** Bumped by every change, so a conditional update sees whether another server was first. */
  occurrence: number;
  /** mg/dL of the reading that raised or last changed it; null for no-data. */
  glucose: number | null;
  trend: string;
  acknowledgedAt: number | null;
  acknowledgedBy: string | null;
  acknowledgedByAccountId: number | null;
  /** Severity the acknowledgement covers (1 warning, 2 urgent): a worse alert rings through it. */
  acknowledgedLevel: number | null;
  /** When the acknowledgement's silence ends (a Nightscout `ack` names one); null: until cleared. */
  acknowledgedUntil: number | null;
  clearedAt: number | null;
}
export interface AlarmRow extends NewAlarm {
  id: number;
}
export interface AlertPreferenceRow {
  recipientId: number;
  memberId: number;
  urgentLow: boolean;
  low: boolean;
  high: boolean;
  urgentHigh: boolean;
  noData: boolean;
  quietStart: string | null;
  quietEnd: string | null;
  sound: boolean;
}
export interface NewJob {
  kind: string;
  /** JSON text. */
  payload: string;
  runAt: number;
  dedupKey: string | null;
  maxAttempts: number;
  createdAt: number;
}
export interface JobRow extends NewJob {
  id: number;
  attempts: number;
  leaseToken: string | null;
  leaseUntil: number | null;
  lastError: string | null;
  failedAt: number | null;
}
export interface JobClaim {
  kinds: string[];
  now: number;
  leaseMs: number;
  leaseToken: string;
  limit: number;
}

export interface NewPushDevice {
  memberId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  name: string;
  createdAt: number;
}
export interface PushDeviceRow extends NewPushDevice {
  id: number;
  lastNotifiedAt: number | null;
}

/** The UTC day a reading belongs to, for day versions and day caches (readingDayVersions). */
export const READING_DAY_MS = 86_400_000;
export const readingDayOf = (time: number): number => Math.floor(time / READING_DAY_MS);
/**
 * A new day version: 48 random bits, never 0 (0 is a day never written). Random rather than a
 * counter, so a restored or re-created database cannot hand out an old ETag again.
 */
export function randomReadingDayVersion(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high! % 65_536) * 4_294_967_296 + low! || 1;
}
