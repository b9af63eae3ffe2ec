import { agpProfile } from '@cgm-portal/glucose-metrics';
import { FIXTURE_TIME_ZONE, syntheticReadings } from '../fixtures';
import type { Story, StoryMeta } from '../internal/story-kit';
import { ARABIC, petTheme, RtlPage, PhoneWidth } from '../internal/story-kit';
import type { AgpChartProps } from './agp-chart';
import { AgpChart } from './agp-chart';

const profile = agpProfile(syntheticReadings({ days: 14 }), { timeZone: FIXTURE_TIME_ZONE });
const holed = {
  ...profile,
  bins: profile.bins.map((b) => (b.minuteOfDay > 13 * 60 && b.minuteOfDay <= 15 * 60 ? { ...b, count: 0, p5: null, p25: null, p50: null, p75: null, p95: null } : b)),
};

const meta: StoryMeta<AgpChartProps> = {
  title: 'Charts/AGP percentiles',
  tags: ['autodocs'],
  component: AgpChart,
  args: { profile, unit: 'mg/dL' },
};
export default meta;

type S = Story<AgpChartProps>;

export const Normal: S = {};
export const Empty: S = { args: { profile: agpProfile([], { timeZone: FIXTURE_TIME_ZONE }) } };
/** Slots with no data in any day stay empty instead of being bridged. */
export const Gaps: S = { args: { profile: holed } };
export const FewDays: S = { args: { profile: agpProfile(syntheticReadings({ days: 3 }), { timeZone: FIXTURE_TIME_ZONE }) } };
export const LoHi: S = { args: { profile: agpProfile(syntheticReadings({ days: 14, seed: 9 }), { timeZone: FIXTURE_TIME_ZONE }), smoothingMinutes: 0 } };
export const Mmol: S = { args: { unit: 'mmol/L' } };
export const Arabic: S = {
  args: { unit: 'mmol/L', locale: 'ar', direction: 'rtl', labels: { title: 'ملف الجلوكوز اليومي', median: 'الوسيط', noData: ARABIC.noData } },
  render: (args) => (
    <RtlPage>
      <AgpChart {...args} />
    </RtlPage>
  ),
};
/** Right-to-left page, time left to right (as the AGP report draws it): the percentile names sit past the glucose axis. */
export const ArabicTimeLeftToRight: S = { args: { ...Arabic.args, timeDirection: 'ltr' }, render: Arabic.render! };
export const PetTheme: S = { args: { theme: petTheme } };
export const NinetyDays: S = { args: { profile: agpProfile(syntheticReadings({ days: 90, seed: 3 }), { timeZone: FIXTURE_TIME_ZONE }) } };
export const Print: S = { args: { print: true, width: 720, height: 260 } };
/** On a 360 px phone: the chart measures its box and lays its labels out for it. */
export const Phone360: S = {
  name: 'At 360 px',
  args: { width: undefined },
  render: (args) => (
    <PhoneWidth>
      <AgpChart {...args} />
    </PhoneWidth>
  ),
};
