import type { AlarmKind, GlucoseTrend, LiveReadingEvent } from '@cgm-portal/api-client/contract';
import { noPermission, notFound } from '../http';
import { isLiveReading } from '../nightscout/alarms';
import { telemetry } from '../observability/telemetry';
import type { AlarmRow, MemberRow, NewAlarm, Store } from '../store/types';
import { alertLevelOf } from './alert-level';
import type { LiveFanOut } from './live-fan-out';
import { silentNotifier, type AlarmNotifier } from './notifier';
import { alarmsFor, choiceOf, mayReceive, preferenceOf, recipientsOf } from './recipients';
import {
  decideOnReading,
  decideOnTick,
  DEFAULT_NO_DATA_MINUTES,
  DEFAULT_REPEAT_MINUTES,
  NO_DATA_GIVE_UP_MS,
  nightscoutStepOf,
  severityOf,
  shouldNotify,
  URGENT_LOW_REPEAT_MS,
  type NightscoutStep,
} from './rules';

/** A glucose reading that has just arrived from a live source (an uploader, the simulator). */
export interface LiveReading {
  memberId: number;
  time: number;
  mgdl: number;
  trend: GlucoseTrend;
}

/** Nightscout's alarm channel (AAPS on the sockets): told what each reading and acknowledgement means for the member's phones. */
export interface MemberAlarmChannel {
  readingEvaluated(member: MemberRow, step: NightscoutStep): void;
  acknowledged(memberId: number): void;
}

type AlarmChange = (memberId: number, change: 'acknowledged' | 'snoozed') => void;
const alarmChangeListeners = new Set<AlarmChange>();
/** Told after an acknowledgement or snooze made outside the service (a notification's button), so open pages hear it. */
export function onAlarmChanged(listener: AlarmChange): () => void {
  alarmChangeListeners.add(listener);
  return () => alarmChangeListeners.delete(listener);
}
const alarmChanged = (memberId: number, change: 'acknowledged' | 'snoozed') => alarmChangeListeners.forEach((l) => l(memberId, change));

const repeatMinutesOf = (member: MemberRow) => member.alertRepeatMinutes ?? DEFAULT_REPEAT_MINUTES;
const noAcknowledgement = { acknowledgedAt: null, acknowledgedBy: null, acknowledgedByAccountId: null, acknowledgedLevel: null, acknowledgedUntil: null };

/**
 * "I've got it" from one recipient: the member's alarm is acknowledged for every recipient and
 * says who. `level` (Nightscout's) and `silenceMs` come from an uploader's `ack`; the portal
 * acknowledges the alarm's own level until it clears. Answers the alarm, or throws no-permission
 * when the account may not receive the member's alerts (any more).
 */
export async function acknowledgeAlarm(
  store: Store,
  alarmId: number,
  byAccountId: number,
  options: { now?: number; level?: number; silenceMs?: number; byName?: string } = {},
): Promise<AlarmRow> {
  const now = options.now ?? Date.now();
  const [alarm, by] = await Promise.all([store.getAlarm(alarmId), store.getMember(byAccountId)]);
  if (!alarm || !by || !(await mayReceive(store, by, alarm.memberId))) throw noPermission();
  if (alarm.clearedAt !== null) return alarm;
  const patch = {
    acknowledgedAt: now,
    acknowledgedBy: options.byName ?? by.memberName,
    acknowledgedByAccountId: by.id,
    acknowledgedLevel: Math.max(options.level ?? 0, severityOf(alarm.kind)),
    acknowledgedUntil: options.silenceMs !== undefined ? now + options.silenceMs : null,
  };
  if (!(await store.updateAlarmIf(alarm.id, alarm.occurrence, patch))) {
    // Another change came first (a repeat, someone else's acknowledgement): once more on the new state.
    const fresh = await store.getAlarm(alarmId);
    if (!fresh || fresh.clearedAt !== null || fresh.occurrence === alarm.occurrence) return fresh ?? alarm;
    return acknowledgeAlarm(store, alarmId, byAccountId, options);
  }
  alarmChanged(alarm.memberId, 'acknowledged');
  return (await store.getAlarm(alarmId))!;
}

/** Snooze for one recipient only (30 or 60 minutes): no notices to them until it runs out. */
export async function snoozeAlarm(store: Store, alarmId: number, recipientId: number, minutes: number, now = Date.now()): Promise<{ alarm: AlarmRow; until: number }> {
  const [alarm, recipient] = await Promise.all([store.getAlarm(alarmId), store.getMember(recipientId)]);
  if (!alarm || !recipient || !(await mayReceive(store, recipient, alarm.memberId))) throw noPermission();
  if (alarm.clearedAt !== null) throw notFound();
  const until = now + minutes * 60_000;
  await store.upsertAlarmSnooze(alarmId, recipientId, until);
  alarmChanged(alarm.memberId, 'snoozed');
  return { alarm, until };
}

export interface AlertServiceOptions {
  store: Store;
  now: () => number;
  fanOut: LiveFanOut;
  notifier?: AlarmNotifier;
  channel?: MemberAlarmChannel;
  noDataMinutes?: number;
}

/**
 * The alert engine's moving part: one path for every new live reading (store first, then here),
 * the timer's no-data and repeat rounds, and the fan-out of what changed to open pages, to
 * Nightscout's alarm channel and to the notifier. Every decision comes from rules.ts; every
 * write is a conditional one, so a second server acting at the same moment changes nothing twice.
 */
export class AlertService {
  private notifier: AlarmNotifier;
  readonly noDataMs: number;
  private unsubscribe: () => void;

  constructor(private readonly options: AlertServiceOptions) {
    this.notifier = options.notifier ?? silentNotifier;
    this.noDataMs = (options.noDataMinutes ?? DEFAULT_NO_DATA_MINUTES) * 60_000;
    this.unsubscribe = onAlarmChanged((memberId, change) => void this.memberAlarmsChanged(memberId, change).catch((e: unknown) => console.error('alarm fan-out', e)));
  }

  /** Another notifier (Web Push) once it exists. */
  setNotifier(notifier: AlarmNotifier) {
    this.notifier = notifier;
  }

  private get store() {
    return this.options.store;
  }

  /**
   * A reading that was just stored. Open pages hear it at once; the engine evaluates it once, on
   * one server, and only when it is live and newer than the last one evaluated (back-fill and
   * imports never ring).
   */
  async readingArrived(reading: LiveReading): Promise<void> {
    await this.readingsArrived(reading.memberId, [reading]);
  }

  /**
   * One member's readings of one upload, oldest first (a phone back online sends its last hour):
   * taken one by one as readingArrived takes each, with the member and who receives their alerts
   * read once for all of them.
   */
  async readingsArrived(memberId: number, readings: readonly LiveReading[]): Promise<void> {
    // One member's readings are taken in turn in this process, so their events go out in order.
    const previous = this.inTurn.get(memberId) ?? Promise.resolve();
    const turn = previous.then(() => this.takeReadings(memberId, readings)).catch((error: unknown) => console.error('alert engine', error));
    this.inTurn.set(memberId, turn);
    await turn;
    if (this.inTurn.get(memberId) === turn) this.inTurn.delete(memberId);
  }

  private readonly inTurn = new Map<number, Promise<void>>();

  private async takeReadings(memberId: number, readings: readonly LiveReading[]): Promise<void> {
    // Back-fill alone (no live reading) reads nothing.
    if (!readings.some((reading) => isLiveReading(reading.time, this.options.now()))) return;
    const member = await this.store.getMember(memberId);
    if (!member) return;
    const recipients = await recipientsOf(this.store, member);
    for (const reading of readings) {
      const now = this.options.now();
      if (!isLiveReading(reading.time, now)) continue;
      const event: LiveReadingEvent = { memberId: member.id, time: reading.time, value: Math.round(reading.mgdl), trend: reading.trend };
      this.options.fanOut.publish(
        recipients.map((r) => r.id),
        { event: 'reading', data: event },
      );
      // A reading stamped in the future (a phone's clock running fast) counts as now: were its own
      // time recorded, every real reading until then would look older and never be evaluated.
      if (!(await this.store.claimReadingEvaluation(member.id, Math.min(reading.time, now)))) continue;
      await this.evaluate(member, reading, recipients, now);
    }
  }

  private async evaluate(member: MemberRow, reading: LiveReading, recipients: MemberRow[], now: number) {
    const level = alertLevelOf(reading.mgdl, member);
    const glucose = Math.round(reading.mgdl);
    const trend = reading.trend;
    // A conditional write that finds the alarm changed by someone else (an acknowledgement, the
    // timer, another server) decides again on the new state.
    for (let attempt = 0; attempt < 5; attempt++) {
      const open = (await this.store.openAlarm(member.id)) ?? null;
      const decision = decideOnReading(open, level, now, repeatMinutesOf(member));
      let written = true;
      let rang: AlarmRow | null = null;
      switch (decision.action) {
        case 'none':
          break;
        case 'update':
          if (open && (open.glucose !== glucose || open.trend !== trend)) written = await this.store.updateAlarmIf(open.id, open.occurrence, { glucose, trend });
          break;
        case 'clear':
          written = await this.store.updateAlarmIf(open!.id, open!.occurrence, { clearedAt: now, glucose, trend });
          break;
        case 'change':
          written = await this.store.updateAlarmIf(open!.id, open!.occurrence, { kind: decision.kind, glucose, trend });
          break;
        case 'repeat':
          written = await this.store.updateAlarmIf(open!.id, open!.occurrence, { lastNotifiedAt: now, glucose, trend });
          if (written) rang = { ...open!, lastNotifiedAt: now, glucose, trend, occurrence: open!.occurrence + 1 };
          break;
        case 'raise':
          rang = await this.raise(member, decision.kind, decision.clearOpen ? open : null, glucose, trend, now);
          written = rang !== null;
          break;
      }
      if (!written) continue;
      const changed = decision.action !== 'none' && !(decision.action === 'update' && open?.glucose === glucose && open.trend === trend);
      const after = rang ?? (changed ? ((await this.store.openAlarm(member.id)) ?? null) : open);
      this.options.channel?.readingEvaluated(member, nightscoutStepOf(decision, level, after, glucose, now));
      if (rang) await this.notifyRecipients(member, rang, recipients, now);
      if (changed) await this.publishAlarms(member, recipients, now);
      return;
    }
  }

  /** Opens a new alarm (clearing `replacing` first); null when another server opened one first. */
  private async raise(member: MemberRow, kind: AlarmKind, replacing: AlarmRow | null, glucose: number | null, trend: string, now: number): Promise<AlarmRow | null> {
    if (replacing && !(await this.store.updateAlarmIf(replacing.id, replacing.occurrence, { clearedAt: now }))) return null;
    const alarm: NewAlarm = { memberId: member.id, kind, raisedAt: now, lastNotifiedAt: now, occurrence: 0, glucose, trend, ...noAcknowledgement, clearedAt: null };
    const id = await this.store.insertAlarm(alarm);
    if (id === null) return null;
    telemetry.alertRaised(kind);
    return { ...alarm, id };
  }

  /**
   * The timer's round (each server runs one): no-data for members whose live readings stopped,
   * and repeats of alarms no reading came to repeat. Conditional writes make two servers' rounds
   * at the same moment raise or repeat once.
   */
  async tick(): Promise<void> {
    const now = this.options.now();
    const stale = await this.store.membersWithStaleReadings(now - NO_DATA_GIVE_UP_MS, now - this.noDataMs);
    const due = await this.store.listAlarmsDueRepeat(now - URGENT_LOW_REPEAT_MS);
    const lastReading = new Map(stale.map((s) => [s.memberId, s.lastReadingTime]));
    const memberIds = new Set([...lastReading.keys(), ...due.map((a) => a.memberId)]);
    for (const memberId of memberIds) {
      try {
        await this.tickMember(memberId, lastReading.get(memberId), now);
      } catch (error) {
        console.error('alert timer', error);
      }
    }
  }

  private async tickMember(memberId: number, lastReadingTime: number | undefined, now: number) {
    const member = await this.store.getMember(memberId);
    if (!member) return;
    const open = (await this.store.openAlarm(memberId)) ?? null;
    const decision = decideOnTick(open, lastReadingTime, now, this.noDataMs, repeatMinutesOf(member));
    let rang: AlarmRow | null = null;
    if (decision.action === 'raiseNoData') rang = await this.raise(member, 'noData', decision.clearOpen ? open : null, null, 'unknown', now);
    else if (decision.action === 'repeat' && open && (await this.store.updateAlarmIf(open.id, open.occurrence, { lastNotifiedAt: now }))) {
      rang = { ...open, lastNotifiedAt: now, occurrence: open.occurrence + 1 };
    }
    if (!rang) return;
    const recipients = await recipientsOf(this.store, member);
    await this.notifyRecipients(member, rang, recipients, now);
    await this.publishAlarms(member, recipients, now);
  }

  private async notifyRecipients(member: MemberRow, alarm: AlarmRow, recipients: MemberRow[], now: number) {
    const snoozes = await Promise.all(recipients.map((r) => this.store.alarmSnoozes([alarm.id], r.id)));
    for (const [i, recipient] of recipients.entries()) {
      const choice = choiceOf(await preferenceOf(this.store, recipient.id, member.id), recipient);
      if (!shouldNotify(alarm.kind, choice, snoozes[i]!.get(alarm.id), now)) continue;
      await this.notifier.notify({ alarmId: alarm.id, recipientId: recipient.id, memberId: member.id, kind: alarm.kind, occurrence: alarm.occurrence });
    }
  }

  /** Every recipient's open pages get the member's alarms as that recipient sees them. */
  private async publishAlarms(member: MemberRow, recipients: MemberRow[], now: number) {
    for (const recipient of recipients) {
      const alarms = await alarmsFor(this.store, recipient, [member], now);
      this.options.fanOut.publish([recipient.id], { event: 'alarms', data: { memberId: member.id, alarms } });
    }
  }

  /** After an acknowledgement or snooze: pages hear the new state; an acknowledgement also silences the uploader's phone. */
  private async memberAlarmsChanged(memberId: number, change: 'acknowledged' | 'snoozed') {
    const member = await this.store.getMember(memberId);
    if (!member) return;
    if (change === 'acknowledged') this.options.channel?.acknowledged(memberId);
    await this.publishAlarms(member, await recipientsOf(this.store, member), this.options.now());
  }

  close() {
    this.unsubscribe();
  }
}
