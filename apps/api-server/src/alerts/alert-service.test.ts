import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { openStore } from '../node-server';
import type { KyselyStore } from '../store/kysely-store';
import type { NewMember, Store } from '../store/types';
import { createTestDatabase } from '../test-support/server';
import { acknowledgeAlarm, AlertService, snoozeAlarm, type LiveReading } from './alert-service';
import { InProcessFanOut, type LiveEvent } from './live-fan-out';
import type { AlarmNotice } from './notifier';
import type { NightscoutStep } from './rules';
import { alarmsFor } from './recipients';

const MIN = 60_000;
const START = Date.UTC(2026, 10, 22, 12, 0);

function newMember(name: string, accountType: 2 | 3, extra: Partial<NewMember> = {}): NewMember {
  return {
    accountType,
    email: `${name.toLowerCase()}@example.org`,
    mobile: null,
    passwordHash: 'x',
    memberName: name,
    avatar: '',
    country: null,
    timeZone: 'Europe/London',
    birthday: null,
    gender: null,
    diabetesType: null,
    diagnosisYear: null,
    remarks: null,
    petType: null,
    breed: null,
    weight: null,
    insulinType: null,
    insulinFreq: null,
    insulinDose: null,
    syringeType: null,
    unit: 'mmol/L',
    targetLow: 70,
    targetHigh: 180,
    highAlert: 250,
    lowAlert: 70,
    urgentLowAlert: 55,
    urgentHighAlert: 300,
    createdAt: START,
    ...extra,
  };
}

/** One "server": its own database connection, clock, notifier and live fan-out on the shared database file. */
function server(store: Store, clock: { now: number }) {
  const notices: AlarmNotice[] = [];
  const events: { accountId: number; event: LiveEvent }[] = [];
  const fanOut = new InProcessFanOut();
  const steps: NightscoutStep[] = [];
  const channel = { readingEvaluated: (_member: unknown, step: NightscoutStep) => void steps.push(step), acknowledged: () => {} };
  const service = new AlertService({ store, now: () => clock.now, fanOut, channel, notifier: { notify: async (n) => void notices.push(n) } });
  services.push(service);
  const listen = (accountId: number) => fanOut.subscribe(accountId, { send: (event) => events.push({ accountId, event }), end: () => {} });
  return { service, notices, events, listen, steps };
}

let dataDir: string;
const services: AlertService[] = [];
let stores: KyselyStore[];
let clock: { now: number };
let alex: number;
let carer: number;
let relation: number;

/** Each test's own database: a SQLite file, or a PostgreSQL database when CGM_TEST_DATABASE_URL is set (CI runs both). */
let postgres: Awaited<ReturnType<typeof createTestDatabase>>;
const open = async () => {
  const store = await openStore(readConfig({ CGM_DATA_DIR: dataDir, DATABASE_URL: postgres?.url } as NodeJS.ProcessEnv));
  stores.push(store);
  return store;
};
const reading = (mgdl: number, minutesAgo = 0): LiveReading => ({ memberId: alex, time: clock.now - minutesAgo * MIN, mgdl, trend: 'falling' });

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cgm-alerts-test-'));
  postgres = await createTestDatabase();
  stores = [];
  clock = { now: START };
  const store = await open();
  alex = await store.insertMember(newMember('Alex', 2));
  carer = await store.insertMember(newMember('Sam', 3, { timeZone: 'Asia/Tokyo' }));
  relation = await store.insertFollower({ memberId: alex, followerAccountId: carer, status: 1, shareFlag: 1, note: '', message: '', addTime: START, fetchedTime: null });
});
afterEach(async () => {
  for (const service of services.splice(0)) service.close();
  for (const store of stores) await store.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one evaluation per reading, across servers', () => {
  it('evaluates a reading that reaches two servers at once once: one alarm, one notice per recipient', async () => {
    const [a, b] = [server(stores[0]!, clock), server(await open(), clock)];
    await Promise.all([...Array.from({ length: 5 }, () => a.service.readingArrived(reading(50))), ...Array.from({ length: 5 }, () => b.service.readingArrived(reading(50)))]);
    const notices = [...a.notices, ...b.notices];
    expect(notices.map((n) => [n.recipientId, n.kind]).sort()).toEqual([
      [alex, 'urgentLow'],
      [carer, 'urgentLow'],
    ]);
    expect(await stores[0]!.listOpenAlarms([alex])).toHaveLength(1);
    expect([...a.steps, ...b.steps], 'AAPS hears the reading’s alarm once').toEqual([{ send: 'alarm', mgdl: 50 }]);
  });

  it('takes a phone’s hour of readings as one by one: back-fill skipped, each live reading to the carer’s page, the newest one decides, the member read once', async () => {
    const a = server(stores[0]!, clock);
    a.listen(carer);
    let memberReads = 0;
    const getMember = stores[0]!.getMember.bind(stores[0]!);
    stores[0]!.getMember = async (id) => ((memberReads += id === alex ? 1 : 0), getMember(id));
    // Twelve readings 5 minutes apart ending now (oldest first); the last three are live.
    const hour = Array.from({ length: 12 }, (_, i) => reading(i < 10 ? 45 : i === 10 ? 50 : 120, (11 - i) * 5));
    await a.service.readingsArrived(alex, hour);
    expect(a.events.filter((e) => e.accountId === carer && e.event.event === 'reading').map((e) => (e.event.data as { value: number }).value)).toEqual([45, 50, 120]);
    expect(a.notices.map((n) => [n.recipientId, n.kind]).sort(), 'the urgent low at 50 rang before the 120 cleared it').toEqual([
      [alex, 'urgentLow'],
      [carer, 'urgentLow'],
    ]);
    expect(await stores[0]!.openAlarm(alex)).toBeUndefined();
    expect(memberReads).toBe(1);
  });

  it('never rings for back-fill or for a reading older than the last one evaluated', async () => {
    const a = server(stores[0]!, clock);
    await a.service.readingArrived(reading(45, 120));
    expect(await stores[0]!.openAlarm(alex)).toBeUndefined();
    await a.service.readingArrived(reading(120, 1));
    await a.service.readingArrived(reading(45, 3));
    expect(await stores[0]!.openAlarm(alex)).toBeUndefined();
    expect(a.notices).toEqual([]);
  });

  it('a reading stamped ahead by a phone whose clock runs fast does not hold back the next real ones', async () => {
    const a = server(stores[0]!, clock);
    // Live (within 10 minutes), but 8 minutes in the future.
    await a.service.readingArrived({ ...reading(120), time: clock.now + 8 * MIN });
    clock.now += 5 * MIN;
    await a.service.readingArrived(reading(50));
    expect((await stores[0]!.openAlarm(alex))?.kind).toBe('urgentLow');
    expect(a.notices.map((n) => n.kind)).toContain('urgentLow');
  });

  it('raises no-data once when two servers’ timers run at the same moment', async () => {
    const [a, b] = [server(stores[0]!, clock), server(await open(), clock)];
    await a.service.readingArrived(reading(120));
    clock.now += 20 * MIN;
    await Promise.all([a.service.tick(), b.service.tick()]);
    expect(await stores[0]!.openAlarm(alex), 'not before 20 minutes have passed').toBeUndefined();
    clock.now += MIN;
    await Promise.all([a.service.tick(), b.service.tick(), a.service.tick(), b.service.tick()]);
    expect([...a.notices, ...b.notices].map((n) => [n.recipientId, n.kind]).sort()).toEqual([
      [alex, 'noData'],
      [carer, 'noData'],
    ]);
    // A reading again clears it.
    await b.service.readingArrived(reading(110));
    expect(await stores[0]!.openAlarm(alex)).toBeUndefined();
  });
});

describe('the alarm’s life', () => {
  it('survives a restart: the new process repeats an urgent low 5 minutes later, and only once', async () => {
    const first = server(stores[0]!, clock);
    await first.service.readingArrived(reading(50));
    await stores[0]!.close();
    stores.shift();
    const [a, b] = [server(await open(), clock), server(await open(), clock)];
    clock.now += 4 * MIN;
    await a.service.tick();
    expect(a.notices).toEqual([]);
    clock.now += MIN;
    await Promise.all([a.service.tick(), b.service.tick()]);
    expect([...a.notices, ...b.notices].map((n) => [n.recipientId, n.occurrence]).sort()).toEqual([
      [alex, 1],
      [carer, 1],
    ]);
  });

  it('acknowledged by one recipient: cleared for every recipient, with who did it, and no more repeats', async () => {
    const a = server(stores[0]!, clock);
    a.listen(alex);
    await a.service.readingArrived(reading(60));
    const alarm = (await stores[0]!.openAlarm(alex))!;
    await acknowledgeAlarm(stores[0]!, alarm.id, carer, { now: clock.now });
    const [forAlex] = await alarmsFor(stores[0]!, (await stores[0]!.getMember(alex))!, [(await stores[0]!.getMember(alex))!], clock.now);
    expect(forAlex).toMatchObject({ state: 'acknowledged', acknowledgedBy: 'Sam', acknowledgedAt: clock.now });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lastAlarms = a.events.filter((e) => e.event.event === 'alarms').at(-1)!.event.data as { alarms: { state: string }[] };
    expect(lastAlarms.alarms[0]!.state, 'Alex’s open page heard it').toBe('acknowledged');
    a.notices.length = 0;
    clock.now += 60 * MIN;
    await a.service.readingArrived(reading(60));
    await a.service.tick();
    expect(a.notices).toEqual([]);
    // Back in range clears it; the next low rings again.
    clock.now += 5 * MIN;
    await a.service.readingArrived(reading(100));
    clock.now += 5 * MIN;
    await a.service.readingArrived(reading(62));
    expect(a.notices.map((n) => n.recipientId).sort()).toEqual([alex, carer]);
  });

  it('snooze is one recipient’s: the other still gets the repeat', async () => {
    const a = server(stores[0]!, clock);
    await a.service.readingArrived(reading(50));
    const alarm = (await stores[0]!.openAlarm(alex))!;
    await snoozeAlarm(stores[0]!, alarm.id, carer, 30, clock.now);
    a.notices.length = 0;
    clock.now += 5 * MIN;
    await a.service.readingArrived(reading(48));
    expect(a.notices.map((n) => n.recipientId)).toEqual([alex]);
    clock.now += 26 * MIN;
    await a.service.readingArrived(reading(48));
    expect(a.notices.map((n) => n.recipientId).sort(), 'the snooze ran out').toEqual([alex, alex, carer].sort());
  });

  it('keeps the follower’s quiet hours, except for urgent low', async () => {
    const a = server(stores[0]!, clock);
    // 12:00 in London is 21:00 in Tokyo, where Sam lives.
    await stores[0]!.saveAlertPreference({ recipientId: carer, memberId: alex, urgentLow: true, low: true, high: true, urgentHigh: true, noData: true, quietStart: '20:00', quietEnd: '07:00', sound: true });
    await a.service.readingArrived(reading(260));
    expect(a.notices.map((n) => n.recipientId)).toEqual([alex]);
    await a.service.readingArrived(reading(120, -1));
    clock.now += 10 * MIN;
    await a.service.readingArrived(reading(40));
    expect(a.notices.map((n) => [n.recipientId, n.kind])).toEqual([
      [alex, 'high'],
      [alex, 'urgentLow'],
      [carer, 'urgentLow'],
    ]);
  });

  it('stops a follower’s alerts and live readings the moment sharing stops', async () => {
    const a = server(stores[0]!, clock);
    a.listen(carer);
    await a.service.readingArrived(reading(120));
    expect(a.events.map((e) => e.event.event)).toEqual(['reading']);
    await stores[0]!.updateFollower(relation, { shareFlag: 0 });
    clock.now += 5 * MIN;
    await a.service.readingArrived(reading(50));
    expect(a.events.map((e) => e.event.event), 'no reading, no alarms').toEqual(['reading']);
    expect(a.notices.map((n) => n.recipientId)).toEqual([alex]);
    const alarm = (await stores[0]!.openAlarm(alex))!;
    await expect(acknowledgeAlarm(stores[0]!, alarm.id, carer, { now: clock.now })).rejects.toMatchObject({ key: 'noPermission' });
    await expect(snoozeAlarm(stores[0]!, alarm.id, carer, 30, clock.now)).rejects.toMatchObject({ key: 'noPermission' });
    expect(await alarmsFor(stores[0]!, (await stores[0]!.getMember(carer))!, [], clock.now)).toEqual([]);
  });
});
