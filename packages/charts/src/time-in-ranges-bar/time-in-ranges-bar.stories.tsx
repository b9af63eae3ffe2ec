import { timeInRanges } from '@cgm-portal/glucose-metrics';
import { syntheticReadings } from '../fixtures';
import type { Story, StoryMeta } from '../internal/story-kit';
import { ARABIC, petTheme, RtlPage, PhoneWidth } from '../internal/story-kit';
import type { TimeInRangesBarProps } from './time-in-ranges-bar';
import { TimeInRangesBar } from './time-in-ranges-bar';

const percentages = timeInRanges(syntheticReadings({ days: 14 }));

const meta: StoryMeta<TimeInRangesBarProps> = {
  title: 'Charts/Time in ranges',
  tags: ['autodocs'],
  component: TimeInRangesBar,
  args: { percentages, unit: 'mg/dL', width: 420 },
};
export default meta;

type S = Story<TimeInRangesBarProps>;

export const Normal: S = {};
export const OlderHighRisk: S = { args: { goals: 'olderHighRisk' } };
export const Empty: S = { args: { percentages: null } };
/** A 0.2 % very-low share still gets a visible segment, its number tells the truth. */
export const TinyShares: S = { args: { percentages: { veryLow: 0.2, low: 1.1, target: 81.4, high: 14.8, veryHigh: 2.5 } } };
export const LoHi: S = { args: { percentages: { veryLow: 6.5, low: 7.5, target: 41, high: 25, veryHigh: 20 } } };
export const Mmol: S = { args: { unit: 'mmol/L' } };
export const Arabic: S = {
  args: {
    unit: 'mmol/L',
    locale: 'ar',
    direction: 'rtl',
    labels: {
      title: 'الوقت ضمن النطاقات',
      veryLow: ARABIC.veryLow,
      low: ARABIC.low,
      target: ARABIC.target,
      high: ARABIC.high,
      veryHigh: ARABIC.veryHigh,
      standardGoals: 'الأهداف لمرضى السكري من النوع الأول والثاني',
      below: 'أقل من {value}',
      above: 'أعلى من {value}',
      greaterThan: 'أكثر من {value}%',
      lessThan: 'أقل من {value}%',
      met: 'محقق',
      notMet: 'غير محقق',
    },
  },
  render: (args) => (
    <RtlPage>
      <TimeInRangesBar {...args} />
    </RtlPage>
  ),
};
/** The home card on a 360 px phone: names and bounds take two lines so none runs past the edge. */
export const ArabicNarrow: S = { args: { ...Arabic.args, width: 278 }, render: Arabic.render! };
export const PetTheme: S = { args: { theme: petTheme } };
export const NinetyDays: S = { args: { percentages: timeInRanges(syntheticReadings({ days: 90, seed: 3 })) } };
export const Print: S = { args: { print: true, width: 360 } };
/** On a 360 px phone: the chart measures its box and lays its labels out for it. */
export const Phone360: S = {
  name: 'At 360 px',
  args: { width: undefined },
  render: (args) => (
    <PhoneWidth>
      <TimeInRangesBar {...args} />
    </PhoneWidth>
  ),
};
