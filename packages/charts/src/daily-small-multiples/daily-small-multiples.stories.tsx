import { dailyProfiles } from '@cgm-portal/glucose-metrics';
import { FIXTURE_TIME_ZONE, syntheticReadings } from '../fixtures';
import type { Story, StoryMeta } from '../internal/story-kit';
import { ARABIC, petTheme, RtlPage, PhoneWidth } from '../internal/story-kit';
import type { DailySmallMultiplesProps } from './daily-small-multiples';
import { DailySmallMultiples } from './daily-small-multiples';

const days = dailyProfiles(syntheticReadings({ days: 14 }), { timeZone: FIXTURE_TIME_ZONE });

const meta: StoryMeta<DailySmallMultiplesProps> = {
  title: 'Charts/Daily small multiples',
  tags: ['autodocs'],
  component: DailySmallMultiples,
  args: { days, unit: 'mg/dL' },
};
export default meta;

type S = Story<DailySmallMultiplesProps>;

export const Normal: S = {};
export const Empty: S = { args: { days: days.map((d) => ({ ...d, readings: [] })) } };
export const Gaps: S = { args: { days: days.map((d, i) => (i === 5 ? { ...d, readings: d.readings.filter((r) => r.time < d.start + 9 * 3_600_000 || r.time > d.start + 15 * 3_600_000) } : d)) } };
export const LoHi: S = { args: { days: days.slice(0, 7) } };
export const Mmol: S = { args: { unit: 'mmol/L' } };
export const Arabic: S = {
  args: { unit: 'mmol/L', locale: 'ar', direction: 'rtl', labels: { title: 'الملفات اليومية', lo: ARABIC.lo, hi: ARABIC.hi, noData: ARABIC.noData } },
  render: (args) => (
    <RtlPage>
      <DailySmallMultiples {...args} />
    </RtlPage>
  ),
};
export const PetTheme: S = { args: { theme: petTheme } };
export const NinetyDays: S = { args: { days: dailyProfiles(syntheticReadings({ days: 90, seed: 3 }), { timeZone: FIXTURE_TIME_ZONE }) } };
export const Print: S = { args: { print: true, width: 720 } };
/** On a 360 px phone: the chart measures its box and lays its labels out for it. */
export const Phone360: S = {
  name: 'At 360 px',
  args: { width: undefined },
  render: (args) => (
    <PhoneWidth>
      <DailySmallMultiples {...args} />
    </PhoneWidth>
  ),
};
