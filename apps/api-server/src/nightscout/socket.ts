import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace, type ServerOptions, type Socket } from 'socket.io';
import type { Deps } from '../http';
import type { NightscoutCollection, NightscoutDocRow } from '../store/types';
import { NIGHTSCOUT_COLLECTIONS } from '../store/types';
import { acknowledgeAlarm, type MemberAlarmChannel } from '../alerts/alert-service';
import type { NightscoutStep } from '../alerts/rules';
import type { MemberRow } from '../store/types';
import { acknowledgedFor, alarmFor, clearFor, DEFAULT_SILENCE_MS, nightscoutThresholds } from './alarms';
import { createDoc, deleteDoc, present, updateDoc, type Doc, type DocChange, type NightscoutFeed } from './documents';
import type { ChangeRelay } from './feed';
import { directionBetween } from './routes';
import { mayDo, type Operation } from './permissions';
import { holderOfSecret, type SecretHolder } from './secrets';
import { NIGHTSCOUT_VERSION } from './status';

/**
 * Nightscout's websockets, on Node beside the HTTP server (socket.io 4; Engine.IO 3 clients
 * allowed for older AAPS builds):
 *
 * - `/storage` and `/alarm`: API v3's channels (AAPS "NSClient V3"). `subscribe` with the
 *   access token (an upload secret); then `create` / `update` `{colName, doc}` and `delete`
 *   `{colName, identifier}` for the member's documents.
 * - `/`: the legacy channel AAPS "NSClient" (v1) uploads through. `authorize` with the
 *   secret's SHA-1; a full `dataUpdate` follows, then deltas; `dbAdd`, `dbUpdate` (and the
 *   legacy `dbRemove`) write through the same documents path as the REST APIs.
 *
 * Both channels also carry the member's glucose alarms (`alarms.ts`), each socket in the language
 * of the secret it signed in with.
 *
 * A socket only ever joins its own member's rooms, so no member hears another's data.
 */
const HOUR = 3_600_000;
const MAX_HISTORY_HOURS = 24 * 7;
/** AAPS subscribes to "foods"; the collection is "food". */
const SOCKET_NAME: Partial<Record<NightscoutCollection, string>> = { food: 'foods' };
const collectionOf = (name: unknown): NightscoutCollection | null =>
  name === 'foods' ? 'food' : (NIGHTSCOUT_COLLECTIONS as readonly unknown[]).includes(name) ? (name as NightscoutCollection) : null;

type Ack = (answer: unknown) => void;
const ackOf = (args: unknown[]): Ack => {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as Ack) : () => {};
};

/** What a signed-in socket carries for the alarms: whose they are, in which language, whether it may silence them. */
interface AlarmListener {
  memberId: number;
  lang: string;
  canSilence: boolean;
  /** The secret's label: who acknowledged, as the portal's alarm centre says it. */
  label: string;
}
const listen = (socket: Socket, holder: SecretHolder) => {
  socket.data.alarms = { memberId: holder.member.id, lang: holder.lang, canSilence: holder.scope === 'upload', label: holder.label } satisfies AlarmListener;
};

/**
 * Collects changes before the server exists (the app is made first), then broadcasts them. Also
 * Nightscout's alarm channel of the alert engine: what rings, repeats and clears is the engine's
 * decision (alerts/), and an uploader's `ack` is an acknowledgement there, for every recipient.
 */
export class SocketFeed implements NightscoutFeed, MemberAlarmChannel {
  private io: Server | null = null;
  private deps: Deps | null = null;
  private relay: ChangeRelay | null = null;

  /**
   * Attaches to an HTTP server; further calls add listeners (one per app port) to the same rooms.
   * With several servers on one database, `adapter` (socket.io's PostgreSQL adapter) makes the
   * rooms span them all: an upload through one server reaches the phones connected to another.
   */
  attach(http: HttpServer, deps: Deps, adapter?: ServerOptions['adapter']): Server {
    this.deps = deps;
    if (this.io) return this.io.attach(http);
    const io = new Server(http, { cors: { origin: '*' }, allowEIO3: true, serveClient: false, ...(adapter ? { adapter } : {}) });
    this.io = io;
    mountStorage(io.of('/storage'), deps);
    mountAlarm(io.of('/alarm'), deps, this);
    mountLegacy(io.of('/'), deps, this);
    return io;
  }

  publish(memberId: number, change: DocChange): void {
    this.publishBatch(memberId, [change]);
  }

  /**
   * One request's changes: AAPS's /storage hears each document as its own event (as Nightscout
   * sends them), the legacy channel one delta carrying them all (as Nightscout's deltas do):
   * a phone's hour of entries is 13 messages between servers, not 24.
   */
  publishBatch(memberId: number, changes: readonly DocChange[]): void {
    if (!this.io || changes.length === 0) return;
    // Through the relay where there is one (several servers): this server's sockets here, the
    // others' in one message; otherwise (or when the batch is too large for it) through socket.io.
    const relayed = this.relay?.send(memberId, changes) ?? false;
    this.emit(memberId, changes, relayed);
  }

  /** Tells other servers through `relay`; what they relay reaches this server's sockets. */
  relayThrough(relay: ChangeRelay): void {
    this.relay = relay;
    relay.onChanges((memberId, changes) => this.emit(memberId, changes, true));
  }

  /** The changes to the member's sockets: on this server only (`local`), or on every server through socket.io's adapter. */
  private emit(memberId: number, changes: readonly DocChange[], local: boolean) {
    const io = this.io;
    if (!io) return;
    // For this server's sockets only, a room nobody here is in gets nothing made for it: most
    // members have no phone on a socket, and every upload of theirs came through here.
    const wanted = (namespace: string, room: string) => !local || (io.of(namespace).adapter.rooms.get(room)?.size ?? 0) > 0;
    const to = (namespace: string, room: string) => (local ? io.of(namespace).local.to(room) : io.of(namespace).to(room));
    const room = `member:${memberId}`;
    for (const change of changes) {
      const storageRoom = `${room}:${change.collection}`;
      if (!wanted('/storage', storageRoom)) continue;
      const colName = SOCKET_NAME[change.collection] ?? change.collection;
      const storage = to('/storage', storageRoom);
      if (change.kind === 'delete') storage.emit('delete', { colName, identifier: change.row.identifier });
      else storage.emit(change.kind, { colName, doc: present(change.row) });
    }
    if (wanted('/', room)) to('/', room).emit('dataUpdate', mergedDelta(changes));
  }

  /** The engine evaluated a live reading: the alarm, repeat or all-clear it calls for, to every listening socket of the member. */
  readingEvaluated(member: MemberRow, step: NightscoutStep): void {
    if (step.send === 'nothing') return;
    this.toListeners(member.id, (socket, lang) => {
      if (step.send === 'clear') socket.emit('clear_alarm', clearFor(step.mgdl, member.unit, lang));
      else {
        const raised = alarmFor(step.mgdl, member, lang);
        if (raised) socket.emit(raised.event, raised.alarm);
      }
    }).catch((error: unknown) => console.error('nightscout alarm', error));
  }

  /** Someone acknowledged the member's alarm (here or in the portal): every phone stops ringing. */
  acknowledged(memberId: number): void {
    this.toListeners(memberId, (socket, lang) => socket.emit('clear_alarm', acknowledgedFor(lang))).catch((error: unknown) =>
      console.error('nightscout alarm ack', error),
    );
  }

  /** Every socket listening for the member's alarms (`/alarm` and the root channel), with its language. */
  private async toListeners(memberId: number, send: (socket: { emit: (event: string, body: unknown) => unknown }, lang: string) => void): Promise<void> {
    if (!this.io) return;
    const room = `member:${memberId}`;
    const sockets = [...(await this.io.of('/alarm').in(room).fetchSockets()), ...(await this.io.of('/').in(room).fetchSockets())];
    for (const socket of sockets) send(socket, (socket.data.alarms as AlarmListener).lang);
  }

  /**
   * Nightscout's `ack`: `{ level, group, silenceTime }`. As Nightscout does, every phone and tool
   * of the member then hears `clear_alarm`, so one person's "I've got it" stops the others ringing.
   * A read-only secret (a follower's tool) cannot silence the member's alarms.
   */
  acknowledge(socket: Socket, args: unknown[]): void {
    const answer = ackOf(args);
    const listener = socket.data.alarms as AlarmListener | undefined;
    const { level, silenceTime } = (args[0] ?? {}) as { level?: unknown; silenceTime?: unknown };
    const deps = this.deps;
    if (!listener?.canSilence || !deps || typeof level !== 'number') return answer({ success: false });
    const silenceMs = typeof silenceTime === 'number' && silenceTime > 0 ? Math.min(silenceTime, 24 * HOUR) : DEFAULT_SILENCE_MS;
    void (async () => {
      const open = await deps.store.openAlarm(listener.memberId);
      if (open) await acknowledgeAlarm(deps.store, open.id, listener.memberId, { now: deps.now(), level, silenceMs, byName: listener.label });
      // Nothing open: the phones are told all the same, as Nightscout does.
      else this.acknowledged(listener.memberId);
      answer({ success: true });
    })().catch((error: unknown) => {
      console.error('nightscout alarm ack', error);
      answer({ success: false });
    });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.io ? void this.io.close(() => resolve()) : resolve()));
  }
}

function mountStorage(storage: Namespace, deps: Deps) {
  storage.on('connection', (socket: Socket) => {
    socket.on('subscribe', async (...args: unknown[]) => {
      const ack = ackOf(args);
      const message = (args[0] ?? {}) as { accessToken?: unknown; collections?: unknown };
      const holder = typeof message.accessToken === 'string' ? await holderOfSecret(deps, message.accessToken) : null;
      // Nightscout's storage socket refusals, word for word.
      if (!holder) return ack({ success: false, message: 'Missing or bad accessToken' });
      const asked = Array.isArray(message.collections) ? message.collections : NIGHTSCOUT_COLLECTIONS;
      const collections = mayDo(holder.scope, 'read') ? asked.map(collectionOf).filter((c): c is NightscoutCollection => c !== null) : [];
      if (collections.length === 0) return ack({ success: false, message: 'Unauthorized to receive any collection' });
      await socket.join(collections.map((c) => `member:${holder.member.id}:${c}`));
      ack({ success: true, collections: collections.map((c) => SOCKET_NAME[c] ?? c) });
    });
  });
}

function mountAlarm(alarm: Namespace, deps: Deps, feed: SocketFeed) {
  alarm.on('connection', (socket: Socket) => {
    socket.on('subscribe', async (...args: unknown[]) => {
      const ack = ackOf(args);
      const token = (args[0] as { accessToken?: unknown } | undefined)?.accessToken;
      const holder = typeof token === 'string' ? await holderOfSecret(deps, token) : null;
      if (!holder) return ack({ success: false, message: 'Missing or bad accessToken' });
      // As in Nightscout, only a secret that may read hears the member's alarms.
      if (mayDo(holder.scope, 'read')) {
        listen(socket, holder);
        await socket.join(`member:${holder.member.id}`);
      }
      ack({ success: true, message: 'Subscribed for alarms' });
    });
    socket.on('ack', (...args: unknown[]) => feed.acknowledge(socket, args));
  });
}

/** A document as the legacy channel carries it: `_id` and `mills`. */
function legacyDoc(row: NightscoutDocRow): Doc {
  const { identifier, srvCreated: _c, srvModified: _m, ...rest } = present(row);
  return { _id: identifier, ...rest, mills: row.date };
}

function legacySgv(row: NightscoutDocRow): Doc {
  const doc = JSON.parse(row.doc) as Doc;
  return { _id: row.identifier, mgdl: doc.sgv, mills: row.date, direction: doc.direction, device: doc.device };
}

/** Several changes as one legacy delta: the lists of each joined, the newest lastUpdated. */
function mergedDelta(changes: readonly DocChange[]): Doc {
  const merged: Doc = { delta: true, lastUpdated: 0 };
  for (const change of changes) {
    const { delta: _delta, lastUpdated, ...lists } = legacyDelta(change);
    merged.lastUpdated = Math.max(merged.lastUpdated as number, lastUpdated as number);
    for (const [key, list] of Object.entries(lists)) merged[key] = [...((merged[key] as unknown[] | undefined) ?? []), ...(list as unknown[])];
  }
  return merged;
}

function legacyDelta(change: DocChange): Doc {
  const { row } = change;
  const base: Doc = { delta: true, lastUpdated: row.srvModified };
  const removed = change.kind === 'delete';
  switch (row.collection) {
    case 'treatments':
      return { ...base, treatments: [removed ? { _id: row.identifier, action: 'remove' } : { ...legacyDoc(row), action: 'update' }] };
    case 'entries': {
      if (removed) return base;
      const type = (JSON.parse(row.doc) as Doc).type;
      if (type === 'mbg') return { ...base, mbgs: [{ ...legacyDoc(row), mgdl: (JSON.parse(row.doc) as Doc).mbg }] };
      return type === 'sgv' || type === undefined ? { ...base, sgvs: [legacySgv(row)] } : base;
    }
    case 'devicestatus':
      return removed ? base : { ...base, devicestatus: [legacyDoc(row)] };
    case 'profile':
      return removed ? base : { ...base, profiles: [legacyDoc(row)] };
    case 'food':
      return { ...base, food: [removed ? { _id: row.identifier, action: 'remove' } : legacyDoc(row)] };
    default:
      return base;
  }
}

/** The first `dataUpdate` after `authorize`: the last hours of glucose and the member's documents. */
async function fullUpdate(deps: Deps, holder: SecretHolder, hours: number, withStatus: boolean): Promise<Doc> {
  const now = deps.now();
  const from = now - Math.min(MAX_HISTORY_HOURS, Math.max(1, hours)) * HOUR;
  const member = holder.member;
  const readings = await deps.store.listReadings(member.id, 'sgv', from, now + HOUR);
  const sgvs = readings.map((r, i) => ({ _id: `${member.id.toString(16)}-${r.time}`, mgdl: r.mgdl, mills: r.time, direction: directionBetween(r, readings[i - 1]), device: 'cgm-portal' }));
  const docs = (collection: NightscoutCollection, limit: number) =>
    deps.store.listNightscoutDocs(member.id, collection, { from, order: 'date', desc: false, limit, offset: 0 });
  const profiles = await deps.store.listNightscoutDocs(member.id, 'profile', { order: 'date', desc: true, limit: 1, offset: 0 });
  const treatments = await docs('treatments', 5000);
  const lastUpdated = Math.max(now, ...treatments.map((t) => t.srvModified));
  return {
    ...(withStatus
      ? {
          status: {
            status: 'ok',
            name: 'CGM Portal',
            version: NIGHTSCOUT_VERSION,
            versionNum: Number(NIGHTSCOUT_VERSION.split('.').map((p) => p.padStart(2, '0')).join('')),
            serverTime: new Date(now).toISOString(),
            settings: { units: member.unit === 'mmol/L' ? 'mmol' : 'mg/dl', thresholds: nightscoutThresholds(member) },
            extendedSettings: {},
          },
        }
      : {}),
    sgvs,
    mbgs: [],
    cals: [],
    treatments: treatments.map(legacyDoc),
    profiles: profiles.map(legacyDoc),
    devicestatus: (await docs('devicestatus', 100)).map(legacyDoc),
    food: (await docs('food', 1000)).map(legacyDoc),
    lastUpdated,
  };
}

function mountLegacy(root: Namespace, deps: Deps, feed: SocketFeed) {
  root.on('connection', (socket: Socket) => {
    let holder: SecretHolder | null = null;

    socket.on('authorize', async (...args: unknown[]) => {
      const ack = ackOf(args);
      const message = (args[0] ?? {}) as { secret?: unknown; token?: unknown; history?: unknown; status?: unknown };
      const given = typeof message.secret === 'string' ? message.secret : typeof message.token === 'string' ? message.token : undefined;
      holder = await holderOfSecret(deps, given);
      // Nightscout disconnects a wrong secret without an answer.
      if (!holder) return void socket.disconnect(true);
      socket.emit('connected');
      // As in Nightscout, only a secret that may read receives data (a create-only Careportal secret does not).
      const canRead = mayDo(holder.scope, 'read');
      if (canRead) {
        listen(socket, holder);
        await socket.join(`member:${holder.member.id}`);
        const hours = typeof message.history === 'number' ? message.history : 48;
        socket.emit('dataUpdate', await fullUpdate(deps, holder, hours, message.status === true));
      }
      const canWrite = mayDo(holder.scope, 'create') || mayDo(holder.scope, 'update');
      ack({ read: canRead, write: canWrite, write_treatment: canWrite });
    });

    const writable = (collectionName: unknown, operation: Operation = 'create'): { collection: NightscoutCollection } | { refusal: string } => {
      if (!holder) return { refusal: 'Not authorized' };
      if (!mayDo(holder.scope, operation)) return { refusal: 'Not permitted' };
      const collection = collectionOf(collectionName);
      return collection ? { collection } : { refusal: 'Wrong collection' };
    };
    const writer = () => ({ member: holder!.member, subject: holder!.label });

    socket.on('dbAdd', async (...args: unknown[]) => {
      const ack = ackOf(args);
      const message = (args[0] ?? {}) as { collection?: unknown; data?: unknown };
      const target = writable(message.collection);
      if ('refusal' in target) return ack({ result: target.refusal });
      if (!message.data || typeof message.data !== 'object' || Array.isArray(message.data)) return ack({ result: 'Rejected: data is not an object' });
      const data = message.data as Doc;
      const id = typeof data._id === 'string' && data._id ? data._id : null;
      const result = await deps.store.transaction((store) => createDoc(deps, store, writer(), target.collection, id ? { ...data, identifier: id } : data));
      if (!('row' in result)) return ack({ result: `Rejected: ${'reason' in result ? result.reason : result.status}` });
      feed.publish(holder!.member.id, { collection: target.collection, kind: result.status === 201 ? 'create' : 'update', row: result.row });
      ack([legacyDoc(result.row)]);
    });

    const remove = async (collectionName: unknown, id: unknown, ack: Ack) => {
      const target = writable(collectionName, 'delete');
      if ('refusal' in target) return ack({ result: target.refusal });
      if (typeof id !== 'string' || !id) return ack({ result: 'Missing _id' });
      const result = await deps.store.transaction((store) => deleteDoc(deps, store, writer(), target.collection, id));
      if ('row' in result) feed.publish(holder!.member.id, { collection: target.collection, kind: 'delete', row: result.row });
      ack({ result: 'success' });
    };

    // AAPS deletes by updating with isValid: false.
    socket.on('dbUpdate', async (...args: unknown[]) => {
      const ack = ackOf(args);
      const message = (args[0] ?? {}) as { collection?: unknown; _id?: unknown; data?: unknown };
      const data = (message.data && typeof message.data === 'object' ? message.data : {}) as Doc;
      if (data.isValid === false) return remove(message.collection, message._id, ack);
      const target = writable(message.collection, 'update');
      if ('refusal' in target) return ack({ result: target.refusal });
      if (typeof message._id !== 'string' || !message._id) return ack({ result: 'Missing _id' });
      const id = message._id;
      const result = await deps.store.transaction((store) => updateDoc(deps, store, writer(), target.collection, id, data, true));
      if ('reason' in result) return ack({ result: `Rejected: ${result.reason}` });
      if (!('row' in result)) return ack({ result: 'success' });
      feed.publish(holder!.member.id, { collection: target.collection, kind: 'update', row: result.row });
      ack({ result: 'success' });
    });

    socket.on('dbRemove', async (...args: unknown[]) => {
      const message = (args[0] ?? {}) as { collection?: unknown; _id?: unknown };
      await remove(message.collection, message._id, ackOf(args));
    });

    socket.on('ack', (...args: unknown[]) => feed.acknowledge(socket, args));

    socket.on('nsping', (...args: unknown[]) => ackOf(args)({ result: 'pong', mills: deps.now(), authorization: holder ? { read: true } : null }));
  });
}
