import { DateTime } from 'luxon';
import { FIXTURE_START_DATE, FIXTURE_TIME_ZONE, syntheticSessions } from '../fixtures';
import type { Story, StoryMeta } from '../internal/story-kit';
import { petTheme, RtlPage, PhoneWidth } from '../internal/story-kit';
import type { SensorSession, SessionOverviewProps } from './session-overview';
import { SessionOverview } from './session-overview';

const origin = DateTime.fromISO(FIXTURE_START_DATE, { zone: FIXTURE_TIME_ZONE });
const start = origin.minus({ days: 12 }).toMillis();
const end = origin.plus({ days: 28, hours: 12 }).toMillis();
const DAY = 86_400_000;

/** A year of 14-day sessions with a few days off between some of them. */
const yearOfSessions: SensorSession[] = Array.from({ length: 24 }, (_, i) => {
  const s = origin.minus({ days: 340 }).toMillis() + i * 14.5 * DAY + (i % 5 === 0 ? 2 * DAY : 0);
  return { id: `Y-${i}`, label: `SN ${(4000 + i).toString(16).toUpperCase()}`, start: s, warmupEnd: s + 3_600_000, end: s + (i % 7 === 3 ? 9 : 14) * DAY, status: i % 7 === 3 ? 'ended' : 'expired' };
});

const meta: StoryMeta<SessionOverviewProps> = {
  title: 'Charts/Session overview',
  tags: ['autodocs'],
  component: SessionOverview,
  args: { sessions: syntheticSessions(), start, end, timeZone: FIXTURE_TIME_ZONE },
};
export default meta;

type S = Story<SessionOverviewProps>;

export const Normal: S = {};
export const Empty: S = { args: { sessions: [] } };
export const Initializing: S = { args: { start: origin.plus({ days: 24 }).toMillis(), end: origin.plus({ days: 27, hours: 0.75 }).toMillis() } };
export const Arabic: S = {
  args: { locale: 'ar', direction: 'rtl', labels: { title: 'جلسات المستشعر', initializing: 'قيد التهيئة', expired: 'منتهي الصلاحية', ended: 'انتهى', active: 'نشط', ongoing: 'جارية' } },
  render: (args) => (
    <RtlPage>
      <SessionOverview {...args} />
    </RtlPage>
  ),
};
export const PetTheme: S = { args: { theme: petTheme } };
export const OneYear: S = { args: { sessions: yearOfSessions, start: origin.minus({ days: 345 }).toMillis(), end: origin.plus({ days: 10 }).toMillis() } };
export const Print: S = { args: { print: true, width: 720 } };
export const NinetyDays: S = { args: { sessions: yearOfSessions, start: origin.minus({ days: 80 }).toMillis(), end: origin.plus({ days: 10 }).toMillis() } };
/** On a 360 px phone: the chart measures its box and lays its labels out for it. */
export const Phone360: S = {
  name: 'At 360 px',
  args: { width: undefined },
  render: (args) => (
    <PhoneWidth>
      <SessionOverview {...args} />
    </PhoneWidth>
  ),
};
