import { digestHex, type Deps } from '../http';
import { eventKey, newRecords } from '../imports/service';
import { resolveWallTimes } from '../imports/local-time';
import { finishDrafts, RejectedLines, type Draft, type ParsedFile } from '../imports/types';
import type { MemberRow, NightscoutCollection, NightscoutDocRow, Store } from '../store/types';
import { mapEntry, mapTreatment, timeOf, type Mapped } from './mapping';
import type { Operation } from './permissions';

export type { DocChange, NightscoutFeed } from './feed';

/**
 * Nightscout documents: what an uploader sent, kept as it sent it (so AAPS reads back its own
 * records through API v3, with their identifiers), and what of it the portal keeps as
 * readings and events (entries and treatments only; see mapping.ts).
 *
 * One write path serves API v1 (xDrip+, Loop) and API v3 (AAPS): create with Nightscout's
 * deduplication, merge (PATCH), replace (PUT), soft and permanent delete. The portal's derived
 * records follow every change: withdrawn from the old version, added from the new one. Every
 * check comes before the first write, so a refused request changes nothing.
 *
 * API v3 (`mode: 'v3'`) validates as Nightscout's API v3 does (date, utcOffset, app, fields a
 * client may not change, read-only documents, per-operation permissions); API v1 and the legacy
 * socket (`mode: 'v1'`) stay lenient, as Nightscout's v1 is: uploaders send what they send.
 */
export type Doc = Record<string, unknown>;

/** Fields the server owns: never taken from a client, always added on the way out. */
const SERVER_FIELDS = ['_id', 'identifier', 'srvCreated', 'srvModified', 'subject', 'modifiedBy', 'isValid', 'endmills'];
/** Fields an update may not change (Nightscout API v3's list). */
export const IMMUTABLE_FIELDS = ['identifier', 'date', 'utcOffset', 'eventType', 'device', 'app', 'srvCreated', 'subject', 'srvModified', 'modifiedBy', 'isValid'];
/** 2000-01-01: earlier dates are refused (Nightscout's MIN_TIMESTAMP). */
export const MIN_TIMESTAMP = 946_684_800_000;
const MAX_UTC_OFFSET = 1440;
/** v1 treatment fields Nightscout stores as numbers even when sent as text ("99" carbs). */
const NUMERIC_TREATMENT_FIELDS = ['carbs', 'insulin', 'glucose', 'duration', 'absolute', 'rate', 'percent', 'preBolus', 'targetTop', 'targetBottom', 'fat', 'protein'];

/** Nightscout API v3's error texts, word for word (clients match on them). */
export const V3_MESSAGES = {
  body: 'Bad or missing request body',
  date: 'Bad or missing date field',
  utcOffset: 'Bad or missing utcOffset field',
  app: 'Bad or missing app field',
  immutable: (field: string) => `Field ${field} cannot be modified by the client`,
  readOnly: 'Trying to modify read-only document',
  permission: (permission: string) => `Missing permission ${permission}`,
};


export interface Writer {
  member: MemberRow;
  /** The upload secret's label, shown as Nightscout's `subject` and `modifiedBy`. */
  subject: string;
  /** What the secret may do; absent = everything (v1 routes check before calling). */
  may?: (operation: Operation) => boolean;
}

export interface WriteOptions {
  mode?: 'v1' | 'v3';
  /** Documents whose derived records are added at the end of a batch (see addDerived). */
  pending?: Pending;
  /** `If-Unmodified-Since` (epoch ms): a document changed after it is not overwritten. */
  unmodifiedSince?: number;
  /** What a batch's dedup keys were found holding, read in one statement (see dedupLookups). */
  known?: KnownDocs;
}

/**
 * A batch's documents by dedup key, as read before its first write (null: none held). Kept true
 * through the batch: a created document is added, a replaced one is dropped (read again if asked).
 */
export type KnownDocs = Map<string, NightscoutDocRow | null>;

/** The date and dedup key a v1 create of this document will look for (as createDoc computes them), or null. */
function v1DedupLookup(collection: NightscoutCollection, given: Doc, zone: string): { dedupKey: string; date: number } | null {
  const doc = clientFields(given);
  normaliseV1(collection, doc);
  const date = dateOf(doc, zone);
  if (date === null) return null;
  if (typeof doc.date !== 'number' && (collection === 'entries' || collection === 'treatments' || collection === 'devicestatus')) doc.date = date;
  const dedupKey = dedupKeyOf(collection, doc, date);
  return dedupKey === null ? null : { dedupKey, date };
}

/**
 * Reads, in one statement, the documents a batch of API v1 creates would deduplicate against
 * (a phone's hour of entries is one query, not twelve). Documents carrying an identifier are left
 * to createDoc, which looks them up by it.
 */
export async function dedupLookups(store: Store, writer: Writer, collection: NightscoutCollection, docs: readonly Doc[]): Promise<KnownDocs> {
  const lookups = docs
    .filter((d) => !(typeof d.identifier === 'string' && d.identifier.trim()) && !(typeof d._id === 'string' && d._id))
    .map((d) => v1DedupLookup(collection, d, writer.member.timeZone))
    .filter((l) => l !== null);
  const known: KnownDocs = new Map(lookups.map((l) => [l.dedupKey, null]));
  const rows = await store.findNightscoutDocsByDedup(writer.member.id, collection, lookups);
  const wanted = new Map(lookups.map((l) => [l.dedupKey, l.date]));
  // The oldest document holding the key wins, as in findNightscoutDoc (rows come in id order).
  for (const row of rows) if (row.dedupKey !== null && wanted.get(row.dedupKey) === row.date && known.get(row.dedupKey) === null) known.set(row.dedupKey, row);
  return known;
}

/** The document's time in epoch ms: `date`, else `created_at`, `mills`, `timestamp`, `dateString`. */
export function dateOf(doc: Doc, zone: string): number | null {
  for (const key of ['date', 'created_at', 'mills', 'timestamp', 'dateString', 'startDate']) {
    const when = timeOf(doc[key]);
    if (!when) continue;
    if ('time' in when) return when.time;
    const [time] = resolveWallTimes([{ naive: when.naive, stream: 'date' }], zone);
    return time !== undefined && Number.isFinite(time) ? time : null;
  }
  return null;
}

const ISO_ZONED = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A v3 date as Nightscout reads it: epoch ms (seconds when below 2000-01-01 as ms), or an ISO
 * 8601 time with its offset (a comma before the fraction is ISO too), with the offset in minutes.
 * A time without offset is the member's wall time. Null when unreadable or before 2000.
 */
export function v3DateOf(value: unknown, zone: string): { time: number; offset?: number } | null {
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) value = Number(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    const ms = value < MIN_TIMESTAMP ? value * 1000 : value;
    return ms > MIN_TIMESTAMP && ms < 8.64e15 ? { time: Math.round(ms), offset: 0 } : null;
  }
  if (typeof value !== 'string') return null;
  const zoned = ISO_ZONED.exec(value.trim());
  if (zoned) {
    const [, base, fraction, zoneText] = zoned as unknown as [string, string, string | undefined, string];
    if (!validWall(base)) return null;
    const utc = zoneText.toUpperCase() === 'Z';
    const offset = utc ? 0 : (zoneText[0] === '-' ? -1 : 1) * (Number(zoneText.slice(1, 3)) * 60 + Number(zoneText.slice(-2)));
    const time = Date.parse(`${base}Z`) - offset * 60_000 + (fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0);
    return time > MIN_TIMESTAMP ? { time, offset } : null;
  }
  const wall = timeOf(value);
  const time = dateOf({ date: value }, zone);
  if (time === null || time <= MIN_TIMESTAMP) return null;
  // A wall time's offset is the member's zone's at that moment.
  return { time, ...(wall && 'naive' in wall ? { offset: Math.round((wall.naive - time) / 60_000) } : {}) };
}

/** Whether an ISO wall time names a real moment (no month 20, no 50 o'clock). */
function validWall(base: string): boolean {
  const t = Date.parse(`${base}Z`);
  return Number.isFinite(t) && new Date(t).toISOString().startsWith(base.length === 16 ? base : base.slice(0, 19));
}

/** What makes two documents the same record in Nightscout (v3 deduplication), or null. */
export function dedupKeyOf(collection: NightscoutCollection, doc: Doc, date: number): string | null {
  switch (collection) {
    case 'entries':
      return `${typeof doc.type === 'string' ? doc.type : 'sgv'}|${date}`;
    case 'treatments':
      return `${typeof doc.eventType === 'string' ? doc.eventType : ''}|${date}`;
    case 'devicestatus':
      return `${typeof doc.device === 'string' ? doc.device : ''}|${date}`;
    default:
      return null;
  }
}

/** Nightscout's namespace for v3 identifiers: the 16 ASCII bytes of "NightscoutRocks!". */
const IDENTIFIER_NAMESPACE = new TextEncoder().encode('NightscoutRocks!');

/**
 * Nightscout API v3's identifier of a document that brings none: a UUID v5 (SHA-1, RFC 4122)
 * of `device_date[_eventType]` in Nightscout's namespace, so two servers (and the uploader
 * itself) agree on a document's identity. As in Nightscout, a missing device reads "undefined".
 */
export async function calculateIdentifier(doc: Doc): Promise<string> {
  const name = `${String(doc.device)}_${String(doc.date)}${doc.eventType ? `_${String(doc.eventType)}` : ''}`;
  const nameBytes = new TextEncoder().encode(name);
  const input = new Uint8Array(IDENTIFIER_NAMESPACE.length + nameBytes.length);
  input.set(IDENTIFIER_NAMESPACE);
  input.set(nameBytes, IDENTIFIER_NAMESPACE.length);
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-1', input)).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A stable 24-hex id (a Mongo ObjectId's shape, what v1 clients expect as `_id`) from what makes a v1 document unique. */
async function objectIdFor(deps: Deps, collection: NightscoutCollection, key: string): Promise<string> {
  return (await digestHex(deps.platform, 'sha256', `${collection}|${key}`)).slice(0, 24);
}

export function clientFields(doc: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(doc)) if (!SERVER_FIELDS.includes(k) && v !== undefined) out[k] = v;
  return out;
}

/** When a treatment with a duration ends (epoch ms), as Nightscout computes `endmills`. */
function endOf(doc: Doc, date: number): number | undefined {
  const ms = typeof doc.durationInMilliseconds === 'number' ? doc.durationInMilliseconds : Number(doc.duration) * 60_000;
  return Number.isFinite(ms) && ms > 0 ? date + ms : undefined;
}

/** The document as Nightscout answers it: the client's fields plus the server's. */
export function present(row: NightscoutDocRow): Doc {
  const doc = JSON.parse(row.doc) as Doc;
  const endmills = row.collection === 'treatments' ? endOf(doc, row.date) : undefined;
  return {
    ...doc,
    identifier: row.identifier,
    srvCreated: row.srvCreated,
    srvModified: row.srvModified,
    isValid: row.isValid,
    ...(endmills !== undefined ? { endmills } : {}),
  };
}

const mapperOf = (collection: NightscoutCollection): ((doc: Doc, line: number) => Mapped) | null =>
  collection === 'entries' ? mapEntry : collection === 'treatments' ? mapTreatment : null;

/** Checks a document before anything is written; the reason is Nightscout-style text. */
export function problemOf(collection: NightscoutCollection, doc: Doc): string | null {
  const map = mapperOf(collection);
  if (!map) return null;
  const mapped = map(doc, 1);
  return 'reject' in mapped ? mapped.reject : null;
}

function derived(member: MemberRow, collection: NightscoutCollection, doc: Doc): ParsedFile | null {
  const map = mapperOf(collection);
  if (!map) return null;
  const mapped = map(doc, 1);
  if (!('draft' in mapped)) return null;
  const drafts: Draft[] = [mapped.draft];
  return finishDrafts(drafts, member.timeZone, { format: 'nightscout', dateOrder: null, rejected: new RejectedLines(), ignored: 0 });
}

/**
 * Adds the portal's readings and events documents stand for (what is already held stays one
 * copy), all in one pass: a back-fill of a week costs one read of the span, not one per document.
 */
export async function addDerived(store: Store, member: MemberRow, docs: { collection: NightscoutCollection; doc: Doc }[]) {
  const drafts: Draft[] = [];
  docs.forEach(({ collection, doc }, i) => {
    const mapped = mapperOf(collection)?.(doc, i + 1);
    if (mapped && 'draft' in mapped) drafts.push(mapped.draft);
  });
  if (drafts.length === 0) return;
  const parsed = finishDrafts(drafts, member.timeZone, { format: 'nightscout', dateOrder: null, rejected: new RejectedLines(), ignored: 0 });
  const fresh = await newRecords(store, member.id, parsed.readings, parsed.events);
  await store.insertReadings(fresh.readings.list().map((r) => ({ memberId: member.id, time: r.time, mgdl: r.mgdl, kind: r.kind })));
  await store.insertEvents(fresh.events.map((e) => ({ memberId: member.id, eventType: e.eventType, time: e.time, note: e.note, detail: JSON.stringify(e.detail) })));
}

/** Documents whose derived records are added together at the end of a batch (see addDerived). */
export type Pending = { collection: NightscoutCollection; doc: Doc }[];

async function derive(store: Store, member: MemberRow, collection: NightscoutCollection, doc: Doc, pending?: Pending) {
  if (pending) pending.push({ collection, doc });
  else await addDerived(store, member, [{ collection, doc }]);
}

/** Removes the readings and events an earlier version of a document stood for. */
async function withdrawDerived(store: Store, member: MemberRow, collection: NightscoutCollection, doc: Doc) {
  const parsed = derived(member, collection, doc);
  if (!parsed) return;
  for (const r of parsed.readings) await store.deleteReading(member.id, r.kind, r.time);
  for (const e of parsed.events) {
    const { rows } = await store.listEvents(member.id, { from: e.time, to: e.time + 1, offset: 0, limit: 100 });
    const match = rows.find((row) => eventKey(row.time, JSON.parse(row.detail)) === eventKey(e.time, e.detail));
    if (match) await store.deleteEvent(match.id);
  }
}

/** A refusal: the status and, where Nightscout gives one, its message. */
export type Refusal = { status: 400 | 403 | 422; reason: string } | { status: 404 | 410 | 412 };

export type CreateResult = { status: 201; row: NightscoutDocRow } | { status: 200; row: NightscoutDocRow; deduplicatedIdentifier: string } | Refusal;

/** Nightscout's checks of date, utcOffset and app (API v3); on a PATCH only the fields sent. */
function commonProblem(doc: Doc, patching = false): string | null {
  const sent = (field: string) => !patching || doc[field] !== undefined;
  if (sent('date') && (typeof doc.date !== 'number' || doc.date <= MIN_TIMESTAMP)) return V3_MESSAGES.date;
  if (sent('utcOffset') && (typeof doc.utcOffset !== 'number' || Math.abs(doc.utcOffset) > MAX_UTC_OFFSET)) return V3_MESSAGES.utcOffset;
  if (sent('app') && (typeof doc.app !== 'string' || doc.app.trim() === '')) return V3_MESSAGES.app;
  return null;
}

/**
 * Whether an update of a held document may go ahead (API v3): the secret may update, the
 * document is not read-only, and no field a client may not change is changed. A field the
 * held document lacks (a v1 upload without `app`) may be filled in; a deleted one may be
 * overwritten freely. On deduplication the identifier may differ.
 */
function updateRefusal(collection: NightscoutCollection, writer: Writer, existing: NightscoutDocRow, given: Doc, dedup: boolean): Refusal | null {
  if (writer.may && !writer.may('update')) return { status: 403, reason: V3_MESSAGES.permission(`api:${collection}:update`) };
  const held = present(existing);
  if (held.isReadOnly === true) return { status: 422, reason: V3_MESSAGES.readOnly };
  if (!existing.isValid) return null;
  for (const field of IMMUTABLE_FIELDS) {
    if (field === 'identifier' && dedup) continue;
    const value = given[field];
    const fillable = !SERVER_FIELDS.includes(field) && held[field] === undefined;
    if (value !== undefined && !fillable && value !== held[field]) return { status: 400, reason: V3_MESSAGES.immutable(field) };
  }
  return null;
}

/** A v3 document's date and utcOffset as Nightscout normalises them (from `date`, else `created_at`). */
function normaliseV3Date(doc: Doc, zone: string) {
  const dated = [doc.date, doc.created_at].map((v) => (v === undefined || v === null ? null : v3DateOf(v, zone))).find((d) => d !== null);
  if (!dated) return;
  doc.date = dated.time;
  if (doc.utcOffset === undefined) doc.utcOffset = dated.offset ?? 0;
  doc.created_at = new Date(dated.time).toISOString();
}

/** What Nightscout's v1 adds to a document on the way in. */
function normaliseV1(collection: NightscoutCollection, doc: Doc) {
  if (collection === 'treatments') {
    for (const field of NUMERIC_TREATMENT_FIELDS) {
      const value = doc[field];
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) doc[field] = Number(value);
    }
  }
  if (collection === 'devicestatus' && doc.utcOffset === undefined) {
    const zone = typeof doc.created_at === 'string' ? /([+-])(\d{2}):?(\d{2})$/.exec(doc.created_at) : null;
    doc.utcOffset = zone ? (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) : 0;
  }
}

/**
 * Creates a document, or, when the same record is already held (same identifier, or the
 * collection's dedup fields), replaces it: Nightscout's v3 create. Runs inside the caller's
 * transaction.
 */
export async function createDoc(deps: Deps, store: Store, writer: Writer, collection: NightscoutCollection, given: Doc, pending?: Pending, options: WriteOptions = {}): Promise<CreateResult> {
  const v3 = options.mode === 'v3';
  const doc = clientFields(given);
  const now = deps.now();
  if (v3) normaliseV3Date(doc, writer.member.timeZone);
  else normaliseV1(collection, doc);
  const date = dateOf(doc, writer.member.timeZone) ?? now;
  if (typeof doc.date !== 'number' && !v3 && (collection === 'entries' || collection === 'treatments' || collection === 'devicestatus')) doc.date = date;
  const dedupKey = dedupKeyOf(collection, doc, date);
  const givenId = typeof given.identifier === 'string' && given.identifier.trim() ? given.identifier.trim().slice(0, 100) : null;
  const existing =
    (givenId ? await store.findNightscoutDoc(writer.member.id, collection, { identifier: givenId }) : undefined) ??
    (v3 && !givenId ? await store.findNightscoutDoc(writer.member.id, collection, { identifier: await calculateIdentifier(doc) }) : undefined) ??
    (dedupKey ? await heldByDedup(store, writer, collection, { dedupKey, date }, options.known) : undefined);
  if (existing) {
    if (v3) {
      const refusal = updateRefusal(collection, writer, existing, { ...given, ...doc }, true) ?? problemAsRefusal(commonProblem(doc));
      if (refusal) return refusal;
    }
    const problem = problemOf(collection, doc);
    if (problem) return { status: 400, reason: problem };
    const row = await replaceRow(deps, store, writer, collection, existing, doc, { ...options, pending, touch: v3 });
    return { status: 200, row, deduplicatedIdentifier: existing.identifier };
  }
  if (writer.may && !writer.may('create')) return { status: 403, reason: V3_MESSAGES.permission(`api:${collection}:create`) };
  const problem = (v3 ? commonProblem(doc) : null) ?? problemOf(collection, doc);
  if (problem) return { status: 400, reason: problem };
  // v3 derives Nightscout's identifier; v1 documents get an ObjectId-shaped one, as Nightscout's v1 gives them.
  const identifier = givenId ?? (v3 ? await calculateIdentifier(doc) : await objectIdFor(deps, collection, dedupKey ?? `${date}|${now}|${Math.random()}`));
  const stored = { ...doc, subject: writer.subject };
  const fresh = { memberId: writer.member.id, collection, identifier, date, dedupKey, srvCreated: now, srvModified: now, isValid: true, doc: JSON.stringify(stored) };
  const id = await store.insertNightscoutDoc(fresh);
  if (dedupKey !== null) options.known?.set(dedupKey, { ...fresh, id });
  await derive(store, writer.member, collection, stored, pending);
  return { status: 201, row: { ...fresh, id } };
}

/** The document a dedup key finds: from the batch's lookups when they cover it, else from the store. */
async function heldByDedup(store: Store, writer: Writer, collection: NightscoutCollection, lookup: { dedupKey: string; date: number }, known?: KnownDocs) {
  const held = known?.get(lookup.dedupKey);
  if (held !== undefined && (held === null || held.date === lookup.date)) return held ?? undefined;
  return store.findNightscoutDoc(writer.member.id, collection, lookup);
}

const problemAsRefusal = (reason: string | null): Refusal | null => (reason ? { status: 400, reason } : null);

/**
 * Writes a new version over a held document. A retry of the same content changes nothing
 * through v1 (xDrip+ retries would otherwise fill AAPS's history); through v3 (`touch`) it
 * advances srvModified, as Nightscout does and AAPS checks.
 */
async function replaceRow(
  deps: Deps,
  store: Store,
  writer: Writer,
  collection: NightscoutCollection,
  existing: NightscoutDocRow,
  given: Doc,
  options: WriteOptions & { touch?: boolean; modifiedBy?: boolean },
) {
  const held = JSON.parse(existing.doc) as Doc;
  const doc: Doc = { ...given, subject: writer.subject, ...(options.modifiedBy ? { modifiedBy: writer.subject } : {}) };
  if (held.modifiedBy !== undefined && doc.modifiedBy === undefined) doc.modifiedBy = held.modifiedBy;
  const srvModified = Math.max(deps.now(), existing.srvModified + 1);
  if (existing.isValid && existing.doc === JSON.stringify(doc)) {
    if (!options.touch) return existing;
    await store.updateNightscoutDoc(existing.id, { srvModified });
    if (existing.dedupKey !== null) options.known?.delete(existing.dedupKey);
    return { ...existing, srvModified };
  }
  const pending = options.pending;
  if (existing.isValid) {
    // The old version may still wait in this batch (the same record twice in one upload).
    const waiting = pending?.findIndex((p) => p.collection === collection && JSON.stringify(p.doc) === existing.doc) ?? -1;
    if (waiting >= 0) pending!.splice(waiting, 1);
    else await withdrawDerived(store, writer.member, collection, held);
  }
  const date = dateOf(doc, writer.member.timeZone) ?? existing.date;
  const patch = { date, dedupKey: dedupKeyOf(collection, doc, date), srvModified, isValid: true, doc: JSON.stringify(doc) };
  await store.updateNightscoutDoc(existing.id, patch);
  // The batch's lookups no longer know what these keys hold: the store is asked again.
  for (const key of [existing.dedupKey, patch.dedupKey]) if (key !== null) options.known?.delete(key);
  await derive(store, writer.member, collection, doc, pending);
  return { ...existing, ...patch };
}

export type UpdateResult = { status: 200 | 201; row: NightscoutDocRow } | Refusal;

/** PATCH (merge = true) or PUT (replace, creating when absent) of one document by identifier. */
export async function updateDoc(
  deps: Deps,
  store: Store,
  writer: Writer,
  collection: NightscoutCollection,
  identifier: string,
  given: Doc,
  merge: boolean,
  pending?: Pending,
  options: WriteOptions = {},
): Promise<UpdateResult> {
  const v3 = options.mode === 'v3';
  const existing = await store.findNightscoutDoc(writer.member.id, collection, { identifier });
  if (!existing) {
    if (merge) return { status: 404 };
    const created = await createDoc(deps, store, writer, collection, { ...given, identifier }, pending, options);
    return 'row' in created ? { status: created.status, row: created.row } : created;
  }
  if (!existing.isValid && (merge || v3)) return { status: 410 };
  // Nightscout compares whole seconds (HTTP dates carry no milliseconds).
  if (options.unmodifiedSince !== undefined && Math.floor(existing.srvModified / 1000) > Math.floor(options.unmodifiedSince / 1000)) return { status: 412 };
  const held = JSON.parse(existing.doc) as Doc;
  const sent = clientFields(given);
  if (v3) {
    if (!merge) normaliseV3Date(sent, writer.member.timeZone);
    const refusal = updateRefusal(collection, writer, existing, { ...given, ...sent }, false) ?? problemAsRefusal(commonProblem(sent, merge));
    if (refusal) return refusal;
  } else normaliseV1(collection, sent);
  const doc: Doc = { ...(merge ? held : {}), ...sent };
  // A v1 client may not move a record in time by an update (Nightscout's v3 refuses it above): the date stays.
  if (held.date !== undefined) doc.date = held.date;
  const problem = problemOf(collection, doc);
  if (problem) return { status: 400, reason: problem };
  return { status: 200, row: await replaceRow(deps, store, writer, collection, existing, doc, { ...options, pending, modifiedBy: merge }) };
}

export type DeleteResult = { status: 200; row: NightscoutDocRow } | Refusal;

/**
 * Soft delete: the document stays, invalid, so history readers learn it is gone. Permanent
 * (API v3 `?permanent=true`): the document is removed. Either way the portal's readings and
 * events it stood for go. A read-only document is refused (v3).
 */
export async function deleteDoc(
  deps: Deps,
  store: Store,
  writer: Writer,
  collection: NightscoutCollection,
  identifier: string,
  options: WriteOptions & { permanent?: boolean } = {},
): Promise<DeleteResult> {
  const existing = await store.findNightscoutDoc(writer.member.id, collection, { identifier });
  if (!existing || (!existing.isValid && !options.permanent && options.mode !== 'v3')) return { status: 404 };
  const held = JSON.parse(existing.doc) as Doc;
  if (options.mode === 'v3' && held.isReadOnly === true) return { status: 422, reason: V3_MESSAGES.readOnly };
  if (existing.isValid) await withdrawDerived(store, writer.member, collection, held);
  if (options.permanent) {
    await store.deleteNightscoutDoc(existing.id);
    return { status: 200, row: { ...existing, isValid: false } };
  }
  if (!existing.isValid) return { status: 200, row: existing };
  const patch = { isValid: false, srvModified: Math.max(deps.now(), existing.srvModified + 1), doc: JSON.stringify({ ...held, modifiedBy: writer.subject }) };
  await store.updateNightscoutDoc(existing.id, patch);
  return { status: 200, row: { ...existing, ...patch } };
}
