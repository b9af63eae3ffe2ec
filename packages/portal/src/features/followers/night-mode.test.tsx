import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserShims, mountInPortal } from '../../testing/portal-harness';
import { AlarmCentreProvider } from '../alarms/alarm-centre-context';
import { LiveProvider } from '../live/live-provider';
import { NightMonitor } from './night-mode';

const now = Date.now();
const api = {
  loadFollowedMemberInfo: vi.fn(async () => ({ memberId: 1, memberName: 'Alex Morgan', unit: 'mmol/L', timeZone: 'Europe/London' })),
  loadPackedReadings: vi.fn(async () => ({ memberId: 1, timeZone: 'Europe/London', readings: [{ time: now - 5 * 60_000, mgdl: 110 }, { time: now - 60_000, mgdl: 108 }] })),
  loadAlarms: vi.fn(async () => ({ rows: [], total: 0 })),
  loadAlertPreferences: vi.fn(async () => ({ rows: [], total: 0 })),
};

async function openNightMode(onExit = vi.fn()) {
  await mountInPortal(
    <LiveProvider>
      <AlarmCentreProvider createSound={() => ({ play() {}, stop() {}, isBlocked: () => false, unlock: async () => {} })}>
        <NightMonitor memberId={1} onExit={onExit} />
      </AlarmCentreProvider>
    </LiveProvider>,
    api,
  );
  return onExit;
}

beforeAll(installBrowserShims);
beforeEach(() => {
  sessionStorage.setItem('xToken', 'test-token');
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  Reflect.deleteProperty(navigator, 'wakeLock');
});

describe('night mode', () => {
  it('shows the latest glucose large and keeps the screen awake while open', async () => {
    const release = vi.fn(async () => {});
    const request = vi.fn(async () => Object.assign(new EventTarget(), { released: false, release }));
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
    const onExit = await openNightMode();
    expect((await screen.findByTestId('night-glucose')).textContent).toBe('6.0');
    await waitFor(() => expect(screen.getByTestId('night-monitor').dataset.wakeLock).toBe('held'));
    expect(request).toHaveBeenCalledWith('screen');
    expect(screen.getByTestId('night-wake-lock').textContent).toBe('The screen stays on while night mode is open.');
    await userEvent.keyboard('{Escape}');
    expect(onExit).toHaveBeenCalled();
  });

  it('says so where the browser cannot keep the screen awake', async () => {
    await openNightMode();
    await waitFor(() => expect(screen.getByTestId('night-monitor').dataset.wakeLock).toBe('unsupported'));
    expect(screen.getByTestId('night-wake-lock').textContent).toMatch(/This browser cannot keep the screen on/);
  });
});
