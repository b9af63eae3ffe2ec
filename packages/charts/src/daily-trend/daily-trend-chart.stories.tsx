import { dailyProfiles } from '@cgm-portal/glucose-metrics';
import { FIXTURE_TIME_ZONE, syntheticReadings } from '../fixtures';
import type { Story, StoryMeta } from '../internal/story-kit';
import { ARABIC, petTheme, RtlPage, PhoneWidth } from '../internal/story-kit';
import type { DailyTrendChartProps } from './daily-trend-chart';
import { DailyTrendChart, dailyTrendFromProfiles } from './daily-trend-chart';

const days = dailyTrendFromProfiles(dailyProfiles(syntheticReadings({ days: 30 }), { timeZone: FIXTURE_TIME_ZONE }));

const meta: StoryMeta<DailyTrendChartProps> = {
  title: 'Charts/Daily trend',
  tags: ['autodocs'],
  component: DailyTrendChart,
  args: { days, unit: 'mg/dL' },
};
export default meta;

type S = Story<DailyTrendChartProps>;

export const Normal: S = {};
export const Empty: S = { args: { days: [] } };
/** Days 10–12 have no readings: the line stops, it is not drawn across. */
export const Gaps: S = { args: { days: days.filter((_, i) => i < 10 || i > 12) } };
export const LoHi: S = { args: { days: days.slice(0, 10) } };
export const Mmol: S = { args: { unit: 'mmol/L' } };
export const Arabic: S = {
  args: { unit: 'mmol/L', locale: 'ar', direction: 'rtl', labels: { title: 'اتجاه الجلوكوز اليومي', lo: ARABIC.lo, hi: ARABIC.hi, noData: ARABIC.noData } },
  render: (args) => (
    <RtlPage>
      <DailyTrendChart {...args} />
    </RtlPage>
  ),
};
export const PetTheme: S = { args: { theme: petTheme } };
export const NinetyDays: S = { args: { days: dailyTrendFromProfiles(dailyProfiles(syntheticReadings({ days: 90, seed: 3 }), { timeZone: FIXTURE_TIME_ZONE })) } };
export const Print: S = { args: { print: true, width: 720 } };
/** On a 360 px phone: the chart measures its box and lays its labels out for it. */
export const Phone360: S = {
  name: 'At 360 px',
  args: { width: undefined },
  render: (args) => (
    <PhoneWidth>
      <DailyTrendChart {...args} />
    </PhoneWidth>
  ),
};
