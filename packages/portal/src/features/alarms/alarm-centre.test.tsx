import type { Alarm } from '@cgm-portal/api-client';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserShims, mountInPortal } from '../../testing/portal-harness';
import { LiveProvider } from '../live/live-provider';
import { AlarmBell, AlarmCentreDrawer } from './alarm-centre';
import { AlarmCentreProvider } from './alarm-centre-context';
import { applyLiveAlarms } from './alarm-queries';
import type { AlarmSound, ToneName } from './alarm-sound';

const NOW = Date.now();
const urgentLow: Alarm = {
  id: 11,
  memberId: 1,
  memberName: 'Alex Morgan',
  kind: 'urgentLow',
  raisedAt: NOW - 120_000,
  lastNotifiedAt: NOW - 120_000,
  glucose: 50,
  trend: 'falling',
  state: 'raised',
};

function fakeSound() {
  const played: (ToneName | 'stop')[] = [];
  const sound: AlarmSound = { play: (t) => void played.push(t), stop: () => void played.push('stop'), isBlocked: () => false, unlock: async () => {} };
  return { sound, played };
}

beforeAll(installBrowserShims);
beforeEach(() => {
  sessionStorage.setItem('xToken', 'test-token');
  // No live stream in a component test: the provider stays in its polling state.
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function mountCentre(alarms: Alarm[], soundOff = false) {
  let current = alarms;
  const api = {
    loadAlarms: vi.fn(async () => ({ rows: current, total: current.length })),
    acknowledgeAlarm: vi.fn(async ({ alarmId }: { alarmId: number }) => {
      current = current.map((a) => (a.id === alarmId ? { ...a, state: 'acknowledged' as const, acknowledgedBy: 'Alex Morgan', acknowledgedAt: Date.now() } : a));
      return current.find((a) => a.id === alarmId);
    }),
    snoozeAlarm: vi.fn(async ({ alarmId, minutes }: { alarmId: number; minutes: number }) => {
      current = current.map((a) => (a.id === alarmId ? { ...a, state: 'snoozed' as const, snoozedUntil: Date.now() + minutes * 60_000 } : a));
      return current.find((a) => a.id === alarmId);
    }),
    loadAlertPreferences: vi.fn(async () => ({
      rows: [{ memberId: 1, memberName: 'Alex Morgan', kinds: { urgentLow: true, low: true, high: true, urgentHigh: true, noData: true }, quietStart: null, quietEnd: null, sound: !soundOff }],
      total: 1,
    })),
  };
  const { sound, played } = fakeSound();
  const mounted = await mountInPortal(
    <LiveProvider>
      <AlarmCentreProvider createSound={() => sound}>
        <AlarmBell />
        <AlarmCentreDrawer />
      </AlarmCentreProvider>
    </LiveProvider>,
    api,
  );
  return { api, played, ...mounted };
}

describe('alarm centre', () => {
  it('counts active alarms in the bell, lists them, and plays the urgent tone', async () => {
    const { played } = await mountCentre([urgentLow, { ...urgentLow, id: 12, kind: 'high', glucose: 260, state: 'acknowledged', acknowledgedBy: 'Sam', acknowledgedAt: NOW }]);
    const bell = await screen.findByTestId('alarm-count');
    await waitFor(() => expect(bell.getAttribute('data-count')).toBe('1'));
    expect(bell.getAttribute('aria-label')).toBe('Active alarms: 1');
    await waitFor(() => expect(played).toEqual(['urgent']));

    await userEvent.click(bell);
    const items = await screen.findAllByTestId('alarm-item');
    expect(items.map((i) => i.dataset.kind)).toEqual(['urgentLow', 'high']);
    expect(within(items[0]!).getByTestId('alarm-glucose').textContent).toMatch(/2\.8\s*mmol\/L/);
    expect(within(items[1]!).getByTestId('alarm-acknowledged-by').textContent).toMatch(/Acknowledged by Sam at/);
  });

  it("acknowledges for everyone with I've got it, and the sound stops", async () => {
    const { api, played } = await mountCentre([urgentLow]);
    await userEvent.click(await screen.findByTestId('alarm-count'));
    await userEvent.click(await screen.findByRole('button', { name: "I've got it" }));
    expect(api.acknowledgeAlarm).toHaveBeenCalledWith({ alarmId: 11 });
    await waitFor(() => expect(screen.getByTestId('alarm-item').getAttribute('data-state')).toBe('acknowledged'));
    expect(screen.getByTestId('alarm-count').getAttribute('data-count')).toBe('0');
    expect(played.at(-1)).toBe('stop');
  });

  it('snoozes for me: still counted, silent until the snooze ends', async () => {
    const { api, played } = await mountCentre([urgentLow]);
    await userEvent.click(await screen.findByTestId('alarm-count'));
    await userEvent.click(await screen.findByRole('button', { name: 'Snooze 1 hour' }));
    expect(api.snoozeAlarm).toHaveBeenCalledWith({ alarmId: 11, minutes: 60 });
    await waitFor(() => expect(screen.getByTestId('alarm-item').getAttribute('data-state')).toBe('snoozed'));
    expect(screen.getByTestId('alarm-snoozed-until').textContent).toMatch(/Snoozed for you until/);
    expect(screen.getByTestId('alarm-count').getAttribute('data-count')).toBe('1');
    expect(played.at(-1)).toBe('stop');
  });

  it('stays silent for a member whose sound the recipient turned off', async () => {
    const { played } = await mountCentre([urgentLow], true);
    await waitFor(() => expect(screen.getByTestId('alarm-count').getAttribute('data-count')).toBe('1'));
    await new Promise((r) => setTimeout(r, 50));
    expect(played.filter((p) => p !== 'stop')).toEqual([]);
  });

  it('takes a live alarms event into the list without asking the server', async () => {
    const { api, queryClient } = await mountCentre([]);
    await waitFor(() => expect(api.loadAlarms).toHaveBeenCalledOnce());
    act(() => applyLiveAlarms(queryClient, { memberId: 1, alarms: [urgentLow] }));
    await waitFor(() => expect(screen.getByTestId('alarm-count').getAttribute('data-count')).toBe('1'));
    expect(api.loadAlarms).toHaveBeenCalledOnce();
  });
});
