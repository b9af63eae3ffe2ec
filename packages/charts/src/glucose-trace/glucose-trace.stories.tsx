import { DateTime } from 'luxon';
import { FIXTURE_TIME_ZONE, syntheticDay, syntheticEvents, syntheticReadings } from '../fixtures';
import type { Story, StoryMeta } from '../internal/story-kit';
import { ARABIC, petTheme, RtlPage, PhoneWidth } from '../internal/story-kit';
import type { GlucoseTraceProps } from './glucose-trace';
import { GlucoseTrace } from './glucose-trace';

const day = syntheticDay();
const events = syntheticEvents({ days: 1 });
const HOUR = 3_600_000;
const ninety = syntheticReadings({ days: 90, seed: 3 });
const ninetyStart = DateTime.fromMillis(ninety[0]!.time, { zone: FIXTURE_TIME_ZONE }).startOf('day').toMillis();

const meta: StoryMeta<GlucoseTraceProps> = {
  title: 'Charts/Glucose trace',
  tags: ['autodocs'],
  component: GlucoseTrace,
  args: { readings: day.readings, start: day.start, end: day.end, unit: 'mg/dL', timeZone: FIXTURE_TIME_ZONE, events },
};
export default meta;

type S = Story<GlucoseTraceProps>;

/** A whole day: meals, a LO night, a sensor gap with one lone reading, a HI evening, events. */
export const Normal: S = {};
export const Window4Hours: S = { args: { start: day.start + 6 * HOUR, end: day.start + 10 * HOUR } };
export const Window8Hours: S = { args: { start: day.start + 10 * HOUR, end: day.start + 18 * HOUR } };
export const Window12Hours: S = { args: { start: day.start + 12 * HOUR, end: day.end } };
export const Window24Hours: S = { args: { start: day.end - 24 * HOUR, end: day.end, events: [] } };
export const Empty: S = { args: { readings: [], events: [] } };
/** The 14:00–15:40 gap holds one reading: it shows as a dot, never joined to its neighbours. */
export const Gaps: S = { args: { start: day.start + 12 * HOUR, end: day.start + 18 * HOUR, events: [] } };
export const LoHi: S = { args: { events: [], labels: { title: 'LO and HI readings' } } };
export const Mmol: S = { args: { unit: 'mmol/L' } };
export const Arabic: S = {
  args: {
    unit: 'mmol/L',
    locale: 'ar',
    direction: 'rtl',
    labels: { title: 'منحنى الجلوكوز', lo: ARABIC.lo, hi: ARABIC.hi, noData: ARABIC.noData, events: { meal: 'وجبة', insulin: 'إنسولين', sport: 'رياضة', bg: 'سكر الدم', calibration: 'معايرة', meds: 'دواء', weight: 'الوزن', alert: 'تنبيه' } },
  },
  render: (args) => (
    <RtlPage>
      <GlucoseTrace {...args} />
    </RtlPage>
  ),
};
export const PetTheme: S = { args: { theme: petTheme, labels: { title: "Biscuit's glucose" } } };
/** 25,920 readings, reduced to at most four points per pixel column; every LO and HI stays. */
export const NinetyDays: S = { args: { readings: ninety, start: ninetyStart, end: ninetyStart + 90 * 24 * HOUR, events: [] } };
export const Print: S = { args: { print: true, width: 720, height: 240 } };
/** On a 360 px phone: the chart measures its box and lays its labels out for it. */
export const Phone360: S = {
  name: 'At 360 px',
  args: { width: undefined },
  render: (args) => (
    <PhoneWidth>
      <GlucoseTrace {...args} />
    </PhoneWidth>
  ),
};
