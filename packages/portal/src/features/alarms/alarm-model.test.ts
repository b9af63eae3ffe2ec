import { describe, expect, it } from 'vitest';
import { byUrgency, isActive, isRinging, ringKey, toneFor } from './alarm-model';
import type { Alarm } from '@cgm-portal/api-client';

const NOW = 1_000_000;
const alarm = (over: Partial<Alarm>): Alarm => ({
  id: 1,
  memberId: 7,
  memberName: 'Alex',
  kind: 'low',
  raisedAt: NOW - 60_000,
  lastNotifiedAt: NOW - 60_000,
  glucose: 65,
  trend: 'falling',
  state: 'raised',
  ...over,
});
const none = new Set<string>();
const always = () => true;

describe('alarm rules of the page', () => {
  it('counts snoozed alarms as active but lets only unsnoozed ones ring', () => {
    const snoozed = alarm({ state: 'snoozed', snoozedUntil: NOW + 60_000 });
    expect(isActive(snoozed)).toBe(true);
    expect(isRinging(snoozed, NOW)).toBe(false);
    expect(isRinging(snoozed, NOW + 60_001)).toBe(true);
    expect(isActive(alarm({ state: 'acknowledged', acknowledgedBy: 'Sam', acknowledgedAt: NOW }))).toBe(false);
    expect(isActive(alarm({ state: 'cleared' }))).toBe(false);
  });

  it('plays the urgent tone while an urgent low rings, the alert tone for the others', () => {
    expect(toneFor([alarm({}), alarm({ id: 2, kind: 'urgentLow' })], NOW, none, always)).toBe('urgent');
    expect(toneFor([alarm({ kind: 'high' })], NOW, none, always)).toBe('alert');
    expect(toneFor([alarm({ state: 'acknowledged', acknowledgedAt: NOW })], NOW, none, always)).toBeNull();
  });

  it('stays quiet for a member whose sound is off, and for a muted alarm until it repeats', () => {
    const urgent = alarm({ kind: 'urgentLow' });
    expect(toneFor([urgent], NOW, none, (id) => id !== 7)).toBeNull();
    const muted = new Set([ringKey(urgent)]);
    expect(toneFor([urgent], NOW, muted, always)).toBeNull();
    expect(toneFor([{ ...urgent, lastNotifiedAt: NOW }], NOW, muted, always)).toBe('urgent');
  });

  it('lists the most urgent first, then the newest', () => {
    const list = [alarm({ id: 1, kind: 'high' }), alarm({ id: 2, kind: 'urgentLow', raisedAt: 1 }), alarm({ id: 3, kind: 'urgentLow', raisedAt: 2 })];
    expect([...list].sort(byUrgency).map((a) => a.id)).toEqual([3, 2, 1]);
  });
});
