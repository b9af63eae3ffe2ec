import { describe, expect, it } from 'vitest';
import { notificationOf, parsePush } from './push-notification';

const push = {
  title: 'Urgent low 2.8 mmol/L, falling · Alex',
  body: 'Tap to open',
  tag: 'alarm-7',
  url: '/home',
  urgent: true,
  lang: 'en',
  dir: 'ltr',
  actionToken: 'signed',
  actions: [
    { action: 'acknowledge', title: "I've got it" },
    { action: 'snooze30', title: 'Snooze 30 min' },
    { action: 'snooze60', title: 'Snooze 1 h' },
  ],
};

describe('a push becomes a notification', () => {
  it('shows the server text as written, in the recipient language and direction', () => {
    const { title, options } = notificationOf(parsePush(JSON.stringify({ ...push, lang: 'ar', dir: 'rtl', title: 'انخفاض شديد' }), 'CGM Portal'), '/i.png');
    expect(title).toBe('انخفاض شديد');
    expect(options).toMatchObject({ body: 'Tap to open', lang: 'ar', dir: 'rtl', tag: 'alarm-7', renotify: true });
  });

  it('keeps an urgent low on screen until acted on, and offers the first two actions', () => {
    const { options } = notificationOf(parsePush(JSON.stringify(push), 'CGM Portal'), '/i.png');
    expect(options.requireInteraction).toBe(true);
    expect(options.actions?.map((a) => a.action)).toEqual(['acknowledge', 'snooze30']);
    expect(options.data).toEqual({ url: '/home', actionToken: 'signed' });
  });

  it('offers no action it could not authorise', () => {
    const { options } = notificationOf(parsePush(JSON.stringify({ ...push, actionToken: undefined }), 'CGM Portal'), '/i.png');
    expect(options.actions).toEqual([]);
  });

  it('still shows something for a message it cannot read, and never follows a foreign link', () => {
    expect(notificationOf(parsePush('plain words', 'PawGlucose'), '/i.png').title).toBe('PawGlucose');
    expect(parsePush('plain words', 'PawGlucose').body).toBe('plain words');
    expect(parsePush(JSON.stringify({ ...push, url: 'https://evil.example/' }), 'X').url).toBeUndefined();
    expect(notificationOf(parsePush(JSON.stringify({ ...push, urgent: false }), 'X'), '/i.png').options.requireInteraction).toBe(false);
  });
});
