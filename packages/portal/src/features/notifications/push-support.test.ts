import { describe, expect, it } from 'vitest';
import { applicationServerKey, deviceLabel, pushSupport, type BrowserFacts } from './push-support';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const desktop: BrowserFacts = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  platform: 'Linux x86_64',
  maxTouchPoints: 0,
  standalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  permission: 'default',
};

describe('push support', () => {
  it('asks iPhone and iPad users to add the app to the Home Screen first', () => {
    expect(pushSupport({ ...desktop, userAgent: IPHONE, hasPushManager: false })).toBe('iosAddToHomeScreen');
    // iPadOS presents itself as a Mac with a touch screen.
    expect(pushSupport({ ...desktop, platform: 'MacIntel', maxTouchPoints: 5, hasPushManager: false })).toBe('iosAddToHomeScreen');
    expect(pushSupport({ ...desktop, userAgent: IPHONE, standalone: true })).toBe('ready');
  });

  it('tells a blocked permission and a browser without push apart from a ready one', () => {
    expect(pushSupport(desktop)).toBe('ready');
    expect(pushSupport({ ...desktop, permission: 'denied' })).toBe('denied');
    expect(pushSupport({ ...desktop, hasPushManager: false })).toBe('unsupported');
    expect(pushSupport({ ...desktop, permission: null })).toBe('unsupported');
  });

  it('names a device by browser and system', () => {
    expect(deviceLabel(ANDROID)).toBe('Chrome · Android');
    expect(deviceLabel(IPHONE)).toBe('Safari · iPhone');
    expect(deviceLabel(desktop.userAgent)).toBe('Chrome · Linux');
  });

  it('decodes the base64url VAPID key into its 65 bytes', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = applicationServerKey(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
