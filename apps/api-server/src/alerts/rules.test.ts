import { describe, expect, it } from 'vitest';
import { alertLevelOf } from './alert-level';
import {
  decideOnReading,
  decideOnTick,
  DEFAULT_NO_DATA_MINUTES,
  inQuietHours,
  nightscoutStepOf,
  shouldNotify,
  trendOfDirection,
  type AlarmSnapshot,
  type RecipientChoice,
} from './rules';

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 22, 9, 0);
const human = { urgentLowAlert: 55, lowAlert: 70, highAlert: 250, urgentHighAlert: 300 };
/** The seeded cat's ranges, set with the vet: higher highs than a person's. */
const cat = { urgentLowAlert: 55, lowAlert: 70, highAlert: 300, urgentHighAlert: 350 };
const REPEAT = 30;

const open = (kind: AlarmSnapshot['kind'], patch: Partial<AlarmSnapshot> = {}): AlarmSnapshot => ({
  kind,
  lastNotifiedAt: NOW,
  acknowledgedAt: null,
  acknowledgedLevel: null,
  acknowledgedUntil: null,
  ...patch,
});
const decide = (alarm: AlarmSnapshot | null, mgdl: number, at = NOW, thresholds = human) => decideOnReading(alarm, alertLevelOf(mgdl, thresholds), at, REPEAT);

describe('raising from a reading', () => {
  it('raises each of the four alerts past its threshold, and none at the threshold itself', () => {
    expect([54, 55, 69, 70, 250, 251, 300, 301].map((v) => decide(null, v))).toEqual([
      { action: 'raise', kind: 'urgentLow', clearOpen: false },
      { action: 'raise', kind: 'low', clearOpen: false },
      { action: 'raise', kind: 'low', clearOpen: false },
      { action: 'none' },
      { action: 'none' },
      { action: 'raise', kind: 'high', clearOpen: false },
      { action: 'raise', kind: 'high', clearOpen: false },
      { action: 'raise', kind: 'urgentHigh', clearOpen: false },
    ]);
  });

  it('uses a pet’s own ranges: 320 mg/dL is urgent high for a person and only high for the cat', () => {
    expect(decide(null, 320, NOW, human)).toMatchObject({ kind: 'urgentHigh' });
    expect(decide(null, 320, NOW, cat)).toMatchObject({ kind: 'high' });
    expect(decide(null, 290, NOW, cat)).toEqual({ action: 'none' });
    expect(decide(null, 351, NOW, cat)).toMatchObject({ kind: 'urgentHigh' });
  });
});

describe('repeat, acknowledge, clear', () => {
  it('repeats urgent low every 5 minutes and the others at the member’s interval, until acknowledged', () => {
    expect(decide(open('urgentLow'), 50, NOW + 5 * MIN - 1)).toEqual({ action: 'update' });
    expect(decide(open('urgentLow'), 50, NOW + 5 * MIN)).toEqual({ action: 'repeat' });
    expect(decide(open('low'), 65, NOW + 5 * MIN)).toEqual({ action: 'update' });
    expect(decide(open('low'), 65, NOW + REPEAT * MIN)).toEqual({ action: 'repeat' });
    expect(decideOnReading(open('high'), 'high', NOW + 15 * MIN, 15)).toEqual({ action: 'repeat' });
    const acknowledged = open('urgentLow', { acknowledgedAt: NOW, acknowledgedLevel: 2 });
    expect(decide(acknowledged, 50, NOW + 60 * MIN)).toEqual({ action: 'update' });
  });

  it('rings again when worse than what was acknowledged, and not when better', () => {
    const lowAcknowledged = open('low', { acknowledgedAt: NOW, acknowledgedLevel: 1 });
    expect(decide(lowAcknowledged, 50)).toEqual({ action: 'raise', kind: 'urgentLow', clearOpen: true });
    // Nightscout's `ack` of level 2 silences urgent and warning alike.
    expect(decide(open('low', { acknowledgedAt: NOW, acknowledgedLevel: 2 }), 50)).toEqual({ action: 'change', kind: 'urgentLow' });
    expect(decide(open('urgentLow', { acknowledgedAt: NOW, acknowledgedLevel: 2 }), 60)).toEqual({ action: 'change', kind: 'low' });
    // An unacknowledged low getting worse is a new urgent alarm, ringing at once.
    expect(decide(open('low'), 50, NOW + MIN)).toEqual({ action: 'raise', kind: 'urgentLow', clearOpen: true });
  });

  it('repeats once the silence an acknowledgement asked for has run out', () => {
    const silenced = open('low', { acknowledgedAt: NOW, acknowledgedLevel: 1, acknowledgedUntil: NOW + 30 * MIN, lastNotifiedAt: NOW - MIN });
    expect(decide(silenced, 62, NOW + 29 * MIN)).toEqual({ action: 'update' });
    expect(decide(silenced, 62, NOW + 31 * MIN)).toEqual({ action: 'repeat' });
  });

  it('clears when the glucose is back between low and high, also an acknowledged alarm', () => {
    expect(decide(open('urgentLow'), 90)).toEqual({ action: 'clear' });
    expect(decide(open('high', { acknowledgedAt: NOW, acknowledgedLevel: 1 }), 200)).toEqual({ action: 'clear' });
    expect(decide(open('low'), 70), 'at the low threshold is in range').toEqual({ action: 'clear' });
    expect(decide(open('noData'), 120), 'data again').toEqual({ action: 'clear' });
    expect(decide(open('noData'), 40)).toEqual({ action: 'raise', kind: 'urgentLow', clearOpen: true });
    expect(decide(open('low'), 260), 'straight to the other side').toEqual({ action: 'raise', kind: 'high', clearOpen: true });
  });

  it('gives Nightscout’s channel an alarm for every live reading past a threshold unless acknowledged', () => {
    const step = (alarm: AlarmSnapshot | null, mgdl: number) => {
      const level = alertLevelOf(mgdl, human);
      return nightscoutStepOf(decideOnReading(alarm, level, NOW, REPEAT), level, alarm ?? open(level ?? 'low'), mgdl, NOW);
    };
    expect(step(open('low'), 65), 'not yet due a repeat, still rings AAPS').toEqual({ send: 'alarm', mgdl: 65 });
    expect(step(open('low', { acknowledgedAt: NOW, acknowledgedLevel: 1 }), 65)).toEqual({ send: 'nothing' });
    expect(step(open('low'), 100)).toEqual({ send: 'clear', mgdl: 100 });
    expect(step(null, 100)).toEqual({ send: 'nothing' });
  });
});

describe('no data', () => {
  const minutes = DEFAULT_NO_DATA_MINUTES * MIN;
  it('raises once readings are older than 20 minutes, replacing a glucose alarm, and not for a member who stopped a day ago', () => {
    expect(decideOnTick(null, NOW - minutes, NOW, minutes, REPEAT)).toEqual({ action: 'none' });
    expect(decideOnTick(null, NOW - minutes - 1, NOW, minutes, REPEAT)).toEqual({ action: 'raiseNoData', clearOpen: false });
    expect(decideOnTick(open('urgentLow'), NOW - 21 * MIN, NOW, minutes, REPEAT)).toEqual({ action: 'raiseNoData', clearOpen: true });
    expect(decideOnTick(null, NOW - 25 * 60 * MIN, NOW, minutes, REPEAT)).toEqual({ action: 'none' });
    expect(decideOnTick(null, undefined, NOW, minutes, REPEAT), 'never uploaded live').toEqual({ action: 'none' });
  });

  it('repeats an open alarm from the timer when no reading came to repeat it', () => {
    expect(decideOnTick(open('noData', { lastNotifiedAt: NOW - REPEAT * MIN }), NOW - 50 * MIN, NOW, minutes, REPEAT)).toEqual({ action: 'repeat' });
    expect(decideOnTick(open('noData', { lastNotifiedAt: NOW - MIN }), NOW - 50 * MIN, NOW, minutes, REPEAT)).toEqual({ action: 'none' });
    expect(decideOnTick(open('urgentLow', { lastNotifiedAt: NOW - 5 * MIN }), NOW - 6 * MIN, NOW, minutes, REPEAT)).toEqual({ action: 'repeat' });
    expect(decideOnTick(open('noData', { lastNotifiedAt: NOW - 99 * MIN, acknowledgedAt: NOW - MIN, acknowledgedLevel: 1 }), NOW - 99 * MIN, NOW, minutes, REPEAT)).toEqual({ action: 'none' });
  });
});

describe('a recipient’s choices', () => {
  const all = { urgentLow: true, low: true, high: true, urgentHigh: true, noData: true };
  const night: RecipientChoice = { kinds: all, quietStart: '22:00', quietEnd: '07:00', timeZone: 'Europe/Paris' };
  const parisAt = (h: number, m = 0) => Date.UTC(2026, 0, 15, h - 1, m); // Paris is UTC+1 in January

  it('keeps quiet hours in the recipient’s own time zone, across midnight', () => {
    expect([parisAt(21, 59), parisAt(22), parisAt(3), parisAt(6, 59), parisAt(7)].map((t) => inQuietHours(night, t))).toEqual([false, true, true, true, false]);
    expect(inQuietHours({ ...night, quietStart: '13:00', quietEnd: '14:00' }, parisAt(13, 30))).toBe(true);
    expect(inQuietHours({ ...night, quietStart: null, quietEnd: null }, parisAt(3))).toBe(false);
  });

  it('lets urgent low through quiet hours, and nothing through a kind turned off or a snooze', () => {
    expect(shouldNotify('low', night, undefined, parisAt(3))).toBe(false);
    expect(shouldNotify('urgentLow', night, undefined, parisAt(3))).toBe(true);
    expect(shouldNotify('low', night, undefined, parisAt(12))).toBe(true);
    expect(shouldNotify('high', { ...night, kinds: { ...all, high: false } }, undefined, parisAt(12))).toBe(false);
    expect(shouldNotify('urgentLow', night, parisAt(12) + 30 * MIN, parisAt(12)), 'snoozed by this recipient').toBe(false);
    expect(shouldNotify('urgentLow', night, parisAt(12), parisAt(12)), 'the snooze has run out').toBe(true);
  });

  it('names the trend from Nightscout’s direction', () => {
    expect(['DoubleDown', 'Flat', 'FortyFiveUp', 'NONE', undefined].map(trendOfDirection)).toEqual(['fallingQuickly', 'stable', 'risingSlowly', 'unknown', 'unknown']);
  });
});
