import { DateTime } from 'luxon';
import type { EventDetail } from '@cgm-portal/api-client/contract';
import type { Platform } from './platform/types';
import type { NewEvent, NewMember, NewSession, ReadingRow, Store } from './store/types';
import { alertLevelOf, type AlertLevel } from './alerts/alert-level';
import { glucoseUnitForCountry } from './glucose-unit';

export const DEMO_PASSWORD = 'Demo-1234';

/** The demo logins, printed on start and listed in the README. */
export const DEMO_ACCOUNTS = [
  { email: 'demo@cgm-portal.example', mobile: '+447700900123', loginType: 2, about: 'CGM user, type 1 diabetes, Europe/London' },
  { email: 'pet@cgm-portal.example', mobile: null, loginType: 2, about: 'CGM user, Miso the cat (Insulin Glargine), America/Chicago' },
  { email: 'follower@cgm-portal.example', mobile: null, loginType: 3, about: 'follower of demo@, approved and sharing' },
  { email: 'doctor@cgm-portal.example', mobile: null, loginType: 3, about: 'follower of pet@ (approved); pending request to demo@' },
  { email: 'stranger@cgm-portal.example', mobile: null, loginType: 3, about: 'follower account that follows nobody' },
] as const;

const MINUTE = 60_000;
const FIVE_MIN = 5 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SESSION_MS = 14 * DAY;
const WARMUP_MS = HOUR;

/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    int: (lo: number, hi: number) => Math.floor(lo + (hi - lo + 1) * next()),
    chance: (p: number) => next() < p,
    /** Standard normal (Box-Muller). */
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}
type Rng = ReturnType<typeof prng>;

/** A glucose response shaped like a gamma curve: rises, peaks at `peak` minutes, fades. */
function response(minutesSince: number, amplitude: number, peak: number): number {
  if (minutesSince < 0 || minutesSince > peak * 6) return 0;
  const x = minutesSince / peak;
  return amplitude * x * Math.exp(1 - x);
}

interface Effect {
  time: number;
  amplitude: number;
  peak: number;
}

interface Generated {
  sessions: Omit<NewSession, 'memberId' | 'deviceId'>[];
  readings: Omit<ReadingRow, 'memberId'>[];
  events: Omit<NewEvent, 'memberId'>[];
}

interface Profile {
  kind: 'human' | 'pet';
  zone: string;
  lowAlert: number;
  urgentLowAlert: number;
  highAlert: number;
  urgentHighAlert: number;
}

function event(time: number, detail: EventDetail, note = ''): Omit<NewEvent, 'memberId'> {
  return { eventType: detail.eventType, time, note, detail: JSON.stringify(detail) };
}

/** Sensor sessions of 14 days back to back, a swap gap between them, one that fell off early. */
function planSessions(rng: Rng, start: number, end: number, prefix: string) {
  const sessions: Generated['sessions'] = [];
  let t = start - rng.int(0, 3) * DAY - rng.int(0, 23) * HOUR;
  let index = 0;
  while (t < end) {
    const expireTime = t + SESSION_MS;
    const fellOff = index === 2;
    const endTime = fellOff ? t + 9 * DAY + 7 * HOUR : expireTime <= end ? expireTime : null;
    sessions.push({
      sn: `${prefix}${String(rng.int(100000, 999999))}`,
      startTime: t,
      warmupEndTime: t + WARMUP_MS,
      expireTime,
      endTime,
      note: fellOff ? 'Sensor came off during sport' : '',
    });
    t = (endTime ?? expireTime) + rng.int(2, 36) * FIVE_MIN;
    index++;
  }
  return sessions;
}

function generate(rng: Rng, profile: Profile, start: number, end: number): Generated {
  const events: Generated['events'] = [];
  const effects: Effect[] = [];
  const nightDips: Effect[] = [];
  const sessions = planSessions(rng, start, end, profile.kind === 'human' ? 'HS' : 'PS');

  // Day by day in the member's own time zone: meals, insulin, sport, meds, weight.
  let day = DateTime.fromMillis(start, { zone: profile.zone }).startOf('day');
  let dayIndex = 0;
  while (day.toMillis() < end) {
    const at = (hours: number, jitterMin: number) => day.plus({ minutes: Math.round(hours * 60 + rng.between(-jitterMin, jitterMin)) }).toMillis();
    if (profile.kind === 'human') {
      const meals: [string, number, number, number][] = [
        ['Breakfast', 7.5, 30, rng.int(30, 60)],
        ['Lunch', 12.75, 45, rng.int(40, 80)],
        ['Dinner', 19, 45, rng.int(50, 90)],
      ];
      if (rng.chance(0.4)) meals.push(['Extra', 16, 40, rng.int(15, 30)]);
      if (rng.chance(0.15)) meals.push(['Before_Sleep', 22.25, 20, rng.int(10, 20)]);
      for (const [tag, hour, jitter, carbs] of meals) {
        const time = at(hour, jitter);
        const missedBolus = rng.chance(0.08);
        effects.push({ time, amplitude: carbs * rng.between(1.0, 1.8) * (missedBolus ? 2.2 : 1), peak: rng.between(50, 80) });
        events.push(event(time, { eventType: 'meal', mealTag: tag as 'Breakfast', carbs }));
        if (!missedBolus) {
          events.push(event(time - 10 * MINUTE, { eventType: 'insulin', insulinKind: 'Short_acting', units: Math.round(carbs / 5) / 2 }));
        }
      }
      events.push(event(at(22, 10), { eventType: 'insulin', insulinKind: 'Long_acting', units: 18 }));
      if (dayIndex % 7 === 1 || dayIndex % 7 === 3 || dayIndex % 7 === 5) {
        const time = at(18, 30);
        const sport = rng.pick(['Running', 'Cycling', 'Swimming'] as const);
        effects.push({ time, amplitude: -rng.between(25, 45), peak: 60 });
        events.push(event(time, { eventType: 'sport', sportName: sport, durationMinutes: rng.int(30, 60), intensity: rng.pick(['light', 'moderate', 'vigorous'] as const) }));
      }
      if (dayIndex % 7 === 0) {
        events.push(event(at(8, 10), { eventType: 'meds', medName: 'Vitamin D', dose: '1000 IU' }));
        events.push(event(at(7, 15), { eventType: 'weight', kg: Math.round((72 + rng.normal() * 0.6) * 10) / 10 }, 'Morning, before breakfast'));
      }
      if (rng.chance(0.08)) nightDips.push({ time: at(3, 60), amplitude: -rng.between(45, 75), peak: 70 });
    } else {
      // A diabetic cat: fed with its insulin twice a day, Glargine (long-acting) every 12 hours.
      for (const hour of [7.75, 19.75]) {
        const time = at(hour, 20);
        const carbs = rng.int(8, 14);
        effects.push({ time, amplitude: rng.between(40, 70), peak: rng.between(90, 150) });
        effects.push({ time: time + 10 * MINUTE, amplitude: -rng.between(80, 120), peak: 300 });
        events.push(event(time, { eventType: 'meal', mealTag: hour < 12 ? 'Breakfast' : 'Dinner', carbs }));
        events.push(event(time + 10 * MINUTE, { eventType: 'insulin', insulinKind: 'Long_acting', units: 2 }));
      }
      if (dayIndex % 14 === 0) {
        events.push(event(at(10, 60), { eventType: 'weight', kg: Math.round((5.2 + rng.normal() * 0.08) * 100) / 100 }, 'Vet scale'));
      }
      if (dayIndex >= 40 && dayIndex < 47) {
        events.push(event(at(9, 20), { eventType: 'meds', medName: 'Amoxicillin', dose: '50 mg' }, 'Dental infection'));
      }
      if (dayIndex % 5 === 2) {
        const time = at(17, 30);
        events.push(event(time, { eventType: 'sport', sportName: 'Play', durationMinutes: rng.int(10, 20), intensity: 'light' }));
      }
    }
    day = day.plus({ days: 1 });
    dayIndex++;
  }

  // A few signal gaps (20 minutes to 2 hours) on top of the sensor swaps.
  const gaps: [number, number][] = [];
  for (let i = 0; i < 6; i++) {
    const g = start + rng.between(0.05, 0.95) * (end - start);
    gaps.push([g, g + rng.int(4, 24) * FIVE_MIN]);
  }

  const readings: Generated['readings'] = [];
  const base = profile.kind === 'human' ? 125 : 230;
  let noise = 0;
  let dayDrift = 0;
  let lastDay = -1;
  let alerting: AlertLevel | 'none' = 'none';
  let inGap = false;
  const sorted = [...effects, ...nightDips].sort((a, b) => a.time - b.time);
  let firstEffect = 0;
  for (let t = start; t < end; t += FIVE_MIN) {
    const session = sessions.find((s) => t >= s.warmupEndTime && t < (s.endTime ?? s.expireTime));
    const gap = gaps.some(([a, b]) => t >= a && t < b);
    if (!session || gap) {
      if (gap && !inGap && session) events.push(event(t, { eventType: 'alert', alertKind: 'signalLoss', mgdl: null }));
      inGap = gap;
      continue;
    }
    inGap = false;
    const dayNumber = Math.floor((t - start) / DAY);
    if (dayNumber !== lastDay) {
      dayDrift = rng.normal() * (profile.kind === 'human' ? 12 : 20);
      lastDay = dayNumber;
    }
    noise = 0.9 * noise + rng.normal() * (profile.kind === 'human' ? 3.5 : 5);
    while (firstEffect < sorted.length && sorted[firstEffect]!.time < t - 12 * HOUR) firstEffect++;
    let value = base + dayDrift + noise;
    for (let i = firstEffect; i < sorted.length && sorted[i]!.time <= t; i++) {
      const e = sorted[i]!;
      value += response((t - e.time) / MINUTE, e.amplitude, e.peak);
    }
    if (profile.kind === 'human') {
      // Dawn phenomenon: a rise of about 20 mg/dL between 04:00 and 08:00 local time.
      const hour = DateTime.fromMillis(t, { zone: profile.zone }).hour;
      if (hour >= 4 && hour < 8) value += 20 * Math.sin(((hour - 4) / 4) * Math.PI);
    }
    const mgdl = Math.round(Math.min(400, Math.max(40, value)));
    readings.push({ time: t, mgdl, kind: 'sgv' });

    const level = alertLevelOf(mgdl, profile) ?? 'none';
    if (level !== 'none' && level !== alerting) events.push(event(t, { eventType: 'alert', alertKind: level, mgdl }));
    alerting = level;
  }

  // Finger sticks every few days and a calibration on each sensor's first day.
  for (let i = 0; i < readings.length; i += rng.int(500, 1000)) {
    const r = readings[i]!;
    const mgdl = Math.round(r.mgdl * rng.between(0.92, 1.08));
    readings.push({ time: r.time + MINUTE, mgdl, kind: 'mbg' });
    events.push(event(r.time + MINUTE, { eventType: 'BG', mgdl }));
  }
  for (const s of sessions) {
    const at = s.warmupEndTime + 2 * HOUR;
    const near = readings.find((r) => r.kind === 'sgv' && r.time >= at);
    if (!near || near.time > at + HOUR || s.endTime !== null && at > s.endTime) continue;
    const mgdl = Math.round(near.mgdl * rng.between(0.95, 1.05));
    readings.push({ time: near.time + MINUTE, mgdl, kind: 'cal' });
    events.push(event(near.time + MINUTE, { eventType: 'calibration', mgdl }, 'First-day calibration'));
  }
  return { sessions, readings, events: events.filter((e) => e.time < end) };
}

const settings = {
  human: { unit: 'mmol/L', targetLow: 70, targetHigh: 180, lowAlert: 70, urgentLowAlert: 55, highAlert: 250, urgentHighAlert: 300 },
  pet: { unit: 'mg/dL', targetLow: 80, targetHigh: 250, lowAlert: 70, urgentLowAlert: 55, highAlert: 300, urgentHighAlert: 350 },
} as const;

function blankMember(now: number): Omit<NewMember, 'accountType' | 'email' | 'passwordHash' | 'memberName' | 'timeZone'> {
  return {
    mobile: null,
    avatar: '',
    country: null,
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
    ...settings.human,
    createdAt: now,
  };
}

export interface SeedOptions {
  /** Same seed, same data (readings, sessions, events), relative to `now`. */
  seed?: number;
  /** End of the generated data; readings run up to it. Default: the current time. */
  now?: number;
  days?: number;
}

export interface SeedSummary {
  members: number;
  readings: number;
  events: number;
  sessions: number;
}

/** Creates the demo accounts and their data; one transaction, so a failure leaves nothing. */
export async function seedDemoData(store: Store, platform: Platform, options: SeedOptions = {}): Promise<SeedSummary> {
  const seed = options.seed ?? 20260101;
  const now = options.now ?? Date.now();
  const days = options.days ?? 92;
  const end = Math.floor(now / FIVE_MIN) * FIVE_MIN;
  const start = end - days * DAY;
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => platform.hashPassword(DEMO_PASSWORD)));
  const hash = (i: number) => passwordHashes[i]!;
  const summary: SeedSummary = { members: 0, readings: 0, events: 0, sessions: 0 };

  await store.transaction(async (s) => {
    const human = await s.insertMember({
      ...blankMember(now),
      accountType: 2,
      email: 'demo@cgm-portal.example',
      mobile: '+447700900123',
      passwordHash: hash(0),
      memberName: 'Alex Morgan',
      country: 'GB',
      // Spec §9: the unit follows the country on first use.
      unit: glucoseUnitForCountry('GB'),
      timeZone: 'Europe/London',
      birthday: '1988-04-12',
      gender: 2,
      diabetesType: 2,
      diagnosisYear: 2009,
      remarks: 'Multiple daily injections',
    });
    const pet = await s.insertMember({
      ...blankMember(now),
      ...settings.pet,
      accountType: 2,
      email: 'pet@cgm-portal.example',
      passwordHash: hash(1),
      memberName: 'Miso',
      country: 'US',
      unit: glucoseUnitForCountry('US'),
      timeZone: 'America/Chicago',
      birthday: '2014-06-01',
      diabetesType: 2,
      petType: 'cat',
      breed: 'British Shorthair',
      weight: 5.2,
      insulinType: 'Insulin Glargine',
      insulinFreq: 0.5,
      insulinDose: 2,
      syringeType: 40,
    });
    const follower = await s.insertMember({ ...blankMember(now), accountType: 3, email: 'follower@cgm-portal.example', passwordHash: hash(2), memberName: 'Sam Morgan', timeZone: 'Europe/London' });
    const doctor = await s.insertMember({ ...blankMember(now), accountType: 3, email: 'doctor@cgm-portal.example', passwordHash: hash(3), memberName: 'Dr. Priya Shah', timeZone: 'America/Chicago' });
    await s.insertMember({ ...blankMember(now), accountType: 3, email: 'stranger@cgm-portal.example', passwordHash: hash(4), memberName: 'Jordan Lee', timeZone: 'Europe/Paris' });
    summary.members = 5;

    const cgmMembers = [
      { id: human, profile: { kind: 'human', zone: 'Europe/London', ...settings.human } as const, device: ['TX-4A91C7', 'CGM Transmitter G1', '3.2.1', 'Pixel 8', 'Android 15'] },
      { id: pet, profile: { kind: 'pet', zone: 'America/Chicago', ...settings.pet } as const, device: ['TX-7F22B0', 'CGM Transmitter G1', '3.2.1', 'iPhone 15', 'iOS 18.2'] },
    ];
    for (const [index, m] of cgmMembers.entries()) {
      const rng = prng(seed + index * 7919);
      const data = generate(rng, m.profile, start, end);
      const [sn, model, appVersion, phoneModel, osVersion] = m.device as [string, string, string, string, string];
      const deviceId = await s.insertDevice({ memberId: m.id, sn, model, appVersion, phoneModel, osVersion, lastRefreshTime: end, timeZone: m.profile.zone });
      for (const session of data.sessions) await s.insertSession({ ...session, memberId: m.id, deviceId });
      summary.readings += await s.insertReadings(data.readings.map((r) => ({ ...r, memberId: m.id })));
      summary.events += (await s.insertEvents(data.events.map((e) => ({ ...e, memberId: m.id })))).length;
      summary.sessions += data.sessions.length;
    }

    await s.insertFollower({ memberId: human, followerAccountId: follower, status: 1, shareFlag: 1, note: 'Partner', message: "Hi, it's Sam", addTime: start + DAY, fetchedTime: null });
    await s.insertFollower({ memberId: pet, followerAccountId: doctor, status: 1, shareFlag: 1, note: 'Vet', message: 'Dr. Shah, feline diabetes clinic', addTime: start + 2 * DAY, fetchedTime: null });
    await s.insertFollower({ memberId: human, followerAccountId: doctor, status: 0, shareFlag: 0, note: '', message: 'Dr. Shah here: please share your data before your review', addTime: end - 2 * DAY, fetchedTime: null });
  });
  return summary;
}
