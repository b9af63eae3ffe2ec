import { describe, expect, it } from 'vitest';
import { alarmPushMessage, alarmTitle, testPushMessage, type AlarmForPush } from './push-message';
import { signActionToken, verifyActionToken } from './action-token';

const raisedAt = Date.UTC(2026, 10, 24, 3, 12);
const alarm: AlarmForPush = { id: 41, memberId: 7, memberName: 'Alex', kind: 'urgentLow', glucose: 50, trend: 'falling', raisedAt };
const recipient = { lang: 'en', unit: 'mmol/L', timeZone: 'Europe/London' };

describe('an alarm push', () => {
  it("reads in the recipient's language and unit", () => {
    expect(alarmTitle(alarm, recipient)).toBe('Urgent low 2.8 mmol/L, falling · Alex');
    expect(alarmTitle(alarm, { ...recipient, unit: 'mg/dL' })).toBe('Urgent low 50 mg/dL, falling · Alex');
    expect(alarmTitle(alarm, { ...recipient, lang: 'fr_FR' })).toBe('Très basse urgente 2,8 mmol/L, en baisse · Alex');
    expect(alarmTitle({ ...alarm, kind: 'high', glucose: 252, trend: 'risingQuickly' }, { ...recipient, lang: 'es' })).toBe('Alto 14,0 mmol/L, subiendo rápidamente · Alex');
    // Latin digits, as the portal shows them, and the Arabic comma.
    expect(alarmTitle(alarm, { ...recipient, lang: 'ar' })).toBe('انخفاض حاد 2.8 mmol/L، انخفاض · Alex');
  });

  it('leaves out what it does not know', () => {
    expect(alarmTitle({ ...alarm, trend: 'unknown' }, recipient)).toBe('Urgent low 2.8 mmol/L · Alex');
    expect(alarmTitle({ ...alarm, kind: 'noData', glucose: null }, recipient)).toBe('No data · Alex');
  });

  it("says since when in the recipient's time zone, rings urgently only for urgent low, and offers the actions", () => {
    const push = alarmPushMessage(alarm, { ...recipient, timeZone: 'America/New_York' }, 'token');
    expect(push).toMatchObject({ body: 'Since 10:12 PM', tag: 'alarm-41', urgent: true, lang: 'en', dir: 'ltr', actionToken: 'token' });
    expect(push.actions).toEqual([
      { action: 'acknowledge', title: "I've got it" },
      { action: 'snooze30', title: 'Snooze 30 min' },
      { action: 'snooze60', title: 'Snooze 1 hour' },
    ]);
    expect(alarmPushMessage({ ...alarm, kind: 'low', glucose: 65 }, recipient, 't').urgent).toBe(false);
    expect(alarmPushMessage(alarm, { ...recipient, lang: 'fa' }, 't')).toMatchObject({ lang: 'fa', dir: 'rtl' });
    expect(testPushMessage({ ...recipient, lang: 'ar' })).toMatchObject({ title: 'إشعار تجريبي', dir: 'rtl', actions: [] });
  });
});

describe('the action token', () => {
  const key = Buffer.alloc(32, 7).toString('base64url');
  const claim = { alarmId: 41, recipientId: 9, expiresAt: raisedAt + 60_000 };

  it('opens its own alarm for its recipient until it expires', async () => {
    const token = await signActionToken(claim, key);
    expect(await verifyActionToken(token, key, raisedAt)).toEqual(claim);
    expect(await verifyActionToken(token, key, raisedAt + 60_000)).toBeNull();
  });

  it('opens nothing when changed, or signed with another key', async () => {
    const token = await signActionToken(claim, key);
    const [body, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ a: 42, r: 9, e: claim.expiresAt })).toString('base64url');
    expect(await verifyActionToken(`${forged}.${signature}`, key, raisedAt)).toBeNull();
    expect(await verifyActionToken(`${body}.${signature.slice(0, -2)}AA`, key, raisedAt)).toBeNull();
    expect(await verifyActionToken(token, Buffer.alloc(32, 8).toString('base64url'), raisedAt)).toBeNull();
    expect(await verifyActionToken('not a token', key, raisedAt)).toBeNull();
  });
});
