import type { Deps } from '../http';
import { eventKey, newRecords } from '../imports/service';
import { resolveWallTimes } from '../imports/local-time';
import { finishDrafts, type Draft, type ParsedFile } from '../imports/types';
import type { MemberRow, NightscoutCollection, NightscoutDocRow, Store } from '../store/types';
import { mapEntry, mapTreatment, timeOf, type Mapped } from './mapping';

/**
 * Nightscout documents: what an uploader sent, kept as it sent it (so AAPS reads back its own
 * records through API v3, with their identifiers), and what of it the portal keeps as
 * readings and events (entries and treatments only; see mapping.ts).
 *
 * One write path serves API v1 (xDrip+, Loop) and API v3 (AAPS): create with Nightscout's
 * deduplication, merge (PATCH), replace (PUT) and soft delete. The portal's derived records
 * follow every change: withdrawn from the old version, added from the new one.
 */
export type Doc = Record<string, unknown>;

/** Fields the server owns: never taken from a client, always added on the way out. */
const SERVER_FIELDS = ['_id', 'identifier', 'srvCreated', 'srvModified', 'subject', 'modifiedBy', 'isValid'];

export interface DocChange {
  collection: NightscoutCollection;
  kind: 'create' | 'update' | 'delete';
  row: NightscoutDocRow;
}

/** Who is told of every change (the websocket feed on Node); absent in the browser. */
export interface NightscoutFeed {
  publish(memberId: number, change: DocChange): void;
}

export interface Writer {
  member: MemberRow;
  /** The upload secret's label, shown as Nightscout's `subject`. */
  subject: string;
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

/**
 * A stable identifier for a document that brings none: 24 hex digits of a digest of what makes
 * it unique, shaped like the Mongo ObjectId v1 clients expect as `_id` (v3 clients take any string).
 */
export async function identifierFor(collection: NightscoutCollection, key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${collection}|${key}`)));
  return Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function clientFields(doc: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(doc)) if (!SERVER_FIELDS.includes(k) && v !== undefined) out[k] = v;
  return out;
}

/** The document as Nightscout answers it: the client's fields plus the server's. */
export function present(row: NightscoutDocRow, withValidity = false): Doc {
  const doc = JSON.parse(row.doc) as Doc;
  return {
    ...doc,
    identifier: row.identifier,
    srvCreated: row.srvCreated,
    srvModified: row.srvModified,
    ...(withValidity && !row.isValid ? { isValid: false } : {}),
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
  return finishDrafts(drafts, member.timeZone, { format: 'nightscout', dateOrder: null, rejected: [], ignored: 0 });
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
  const parsed = finishDrafts(drafts, member.timeZone, { format: 'nightscout', dateOrder: null, rejected: [], ignored: 0 });
  const fresh = await newRecords(store, member.id, parsed.readings, parsed.events);
  await store.insertReadings(fresh.readings.map((r) => ({ memberId: member.id, time: r.time, mgdl: r.mgdl, kind: r.kind })));
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

export type CreateResult =
  | { status: 201; row: NightscoutDocRow }
  | { status: 200; row: NightscoutDocRow; deduplicatedIdentifier: string }
  | { status: 400; reason: string };

/**
 * Creates a document, or, when the same record is already held (same identifier, or the
 * collection's dedup fields), replaces it: Nightscout's v3 create. Runs inside the caller's
 * transaction.
 */
export async function createDoc(deps: Deps, store: Store, writer: Writer, collection: NightscoutCollection, given: Doc, pending?: Pending): Promise<CreateResult> {
  const doc = clientFields(given);
  const problem = problemOf(collection, doc);
  if (problem) return { status: 400, reason: problem };
  const now = deps.now();
  const date = dateOf(doc, writer.member.timeZone) ?? now;
  if (typeof doc.date !== 'number' && (collection === 'entries' || collection === 'treatments' || collection === 'devicestatus')) doc.date = date;
  const dedupKey = dedupKeyOf(collection, doc, date);
  const givenId = typeof given.identifier === 'string' && given.identifier.trim() ? given.identifier.trim().slice(0, 100) : null;
  const existing =
    (givenId ? await store.findNightscoutDoc(writer.member.id, collection, { identifier: givenId }) : undefined) ??
    (dedupKey ? await store.findNightscoutDoc(writer.member.id, collection, { dedupKey }) : undefined);
  if (existing) {
    const row = await replaceRow(deps, store, writer, collection, existing, doc, pending);
    return { status: 200, row, deduplicatedIdentifier: existing.identifier };
  }
  const identifier = givenId ?? (await identifierFor(collection, dedupKey ?? `${date}|${now}|${Math.random()}`));
  const fresh = { memberId: writer.member.id, collection, identifier, date, dedupKey, srvCreated: now, srvModified: now, isValid: true, doc: JSON.stringify(doc) };
  const id = await store.insertNightscoutDoc(fresh);
  await derive(store, writer.member, collection, doc, pending);
  return { status: 201, row: { ...fresh, id } };
}

async function replaceRow(deps: Deps, store: Store, writer: Writer, collection: NightscoutCollection, existing: NightscoutDocRow, doc: Doc, pending?: Pending) {
  // The same document sent again (an uploader's retry) changes nothing, not even srvModified.
  if (existing.isValid && existing.doc === JSON.stringify(doc)) return existing;
  if (existing.isValid) {
    // The old version may still wait in this batch (the same record twice in one upload).
    const waiting = pending?.findIndex((p) => p.collection === collection && JSON.stringify(p.doc) === existing.doc) ?? -1;
    if (waiting >= 0) pending!.splice(waiting, 1);
    else await withdrawDerived(store, writer.member, collection, JSON.parse(existing.doc) as Doc);
  }
  const date = dateOf(doc, writer.member.timeZone) ?? existing.date;
  const patch = { date, dedupKey: dedupKeyOf(collection, doc, date), srvModified: Math.max(deps.now(), existing.srvModified + 1), isValid: true, doc: JSON.stringify(doc) };
  await store.updateNightscoutDoc(existing.id, patch);
  await derive(store, writer.member, collection, doc, pending);
  return { ...existing, ...patch };
}

export type UpdateResult = { status: 200 | 201; row: NightscoutDocRow } | { status: 400; reason: string } | { status: 404 | 410 };

/** PATCH (merge = true) or PUT (replace, creating when absent) of one document by identifier. */
export async function updateDoc(deps: Deps, store: Store, writer: Writer, collection: NightscoutCollection, identifier: string, given: Doc, merge: boolean, pending?: Pending): Promise<UpdateResult> {
  const existing = await store.findNightscoutDoc(writer.member.id, collection, { identifier });
  if (!existing) {
    if (merge) return { status: 404 };
    const created = await createDoc(deps, store, writer, collection, { ...given, identifier }, pending);
    return created.status === 400 ? created : { status: created.status, row: created.row };
  }
  if (merge && !existing.isValid) return { status: 410 };
  const held = JSON.parse(existing.doc) as Doc;
  // A client may not move a record in time by an update (Nightscout refuses it as well): the date stays.
  const doc: Doc = { ...(merge ? held : {}), ...clientFields(given) };
  if (held.date !== undefined) doc.date = held.date;
  const problem = problemOf(collection, doc);
  if (problem) return { status: 400, reason: problem };
  return { status: 200, row: await replaceRow(deps, store, writer, collection, existing, doc, pending) };
}

/** Soft delete: the document stays, invalid, so history readers learn it is gone. */
export async function deleteDoc(deps: Deps, store: Store, writer: Writer, collection: NightscoutCollection, identifier: string): Promise<NightscoutDocRow | null> {
  const existing = await store.findNightscoutDoc(writer.member.id, collection, { identifier });
  if (!existing || !existing.isValid) return null;
  await withdrawDerived(store, writer.member, collection, JSON.parse(existing.doc) as Doc);
  const patch = { isValid: false, srvModified: Math.max(deps.now(), existing.srvModified + 1) };
  await store.updateNightscoutDoc(existing.id, patch);
  return { ...existing, ...patch };
}
