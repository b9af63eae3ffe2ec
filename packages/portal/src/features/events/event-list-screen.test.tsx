import type { GlucoseEvent } from '@cgm-portal/api-client';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserShims, mountInPortal } from '../../testing/portal-harness';
import { EventListScreen } from './event-list-screen';

afterEach(cleanup);

beforeAll(installBrowserShims);

const sport: GlucoseEvent = {
  id: 1,
  memberId: 1,
  eventType: 'sport',
  time: Date.UTC(2026, 2, 10, 9, 30),
  note: '',
  description: 'Running 56 min',
  detail: { eventType: 'sport', sportName: 'Running', durationMinutes: 56, intensity: 'light' },
};

async function openEventList(lang: 'en' | 'ar') {
  const api = {
    loadEvents: vi.fn(async () => ({ rows: [sport], total: 1 })),
    loadPackedReadings: vi.fn(async () => ({ memberId: 1, timeZone: 'UTC', readings: [] })),
    loadMyMemberInfo: vi.fn(async () => ({ memberInfos: [{}] })),
  };
  await mountInPortal(<EventListScreen />, api, lang);
  return screen.findByTestId('event-table');
}

describe('the event list', { timeout: 30_000 }, () => {
  it('follows the page direction in Arabic: tabs and table right to left, parts joined by "،"', async () => {
    const table = await openEventList('ar');
    // Ark would write dir="ltr" on the tabs (no LocaleProvider), turning the whole table left to right.
    const tabs = screen.getByTestId('event-list').firstElementChild!;
    expect(tabs.getAttribute('dir')).toBe('rtl');
    expect(table.closest('[dir]')!.getAttribute('dir')).toBe('rtl');
    expect(within(table).getByText('الجري، 56 دقيقة من النشاط البدني')).toBeTruthy();
  });

  it('stays left to right in English', async () => {
    const table = await openEventList('en');
    expect(table.closest('[dir]')!.getAttribute('dir')).toBe('ltr');
    expect(within(table).getByText('Running, 56 min of exercise')).toBeTruthy();
  });
});
