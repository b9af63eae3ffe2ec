import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserShims, mountInPortal } from '../../testing/portal-harness';
import { SettingsScreen } from './settings-screen';

const thresholds = { unit: 'mg/dL' as const, targetLow: 70, targetHigh: 180, lowAlert: 70, urgentLowAlert: 55, highAlert: 250, urgentHighAlert: 300 };

function serverApi(alertRepeatMinutes?: number) {
  const member = { memberId: 1, accountType: 2, memberName: 'Alex Morgan', petType: null, timeZone: 'Europe/London', memberSeting: { ...thresholds, ...(alertRepeatMinutes ? { alertRepeatMinutes } : {}) } };
  return {
    loadMyMemberInfo: vi.fn(async () => ({ memberInfos: [member] })),
    saveMemberSeting: vi.fn(async (seting: typeof thresholds) => seting),
  };
}

beforeAll(installBrowserShims);
beforeEach(() => sessionStorage.setItem('xToken', 'test-token'));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('Settings → alerts, how often they repeat', () => {
  it('saves the chosen interval with the thresholds', async () => {
    const api = serverApi(30);
    await mountInPortal(<SettingsScreen />, api);
    const select = await screen.findByTestId('alert-repeat');
    expect(screen.getByText('Urgent low always repeats every 5 minutes until someone acknowledges it.')).toBeTruthy();
    await userEvent.selectOptions(select, '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saveMemberSeting).toHaveBeenCalledOnce());
    expect(api.saveMemberSeting.mock.calls[0]![0]).toEqual({ ...thresholds, alertRepeatMinutes: 60 });
  });

  it('is not offered by a server without live alerts, and a save then sends only the thresholds', async () => {
    const api = serverApi();
    await mountInPortal(<SettingsScreen />, api);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saveMemberSeting).toHaveBeenCalledOnce());
    expect(api.saveMemberSeting.mock.calls[0]![0]).toEqual(thresholds);
    expect(screen.queryByTestId('alert-repeat')).toBeNull();
  });
});
