import { agpProfile, dailyProfiles, timeInRanges } from '@cgm-portal/glucose-metrics';
import { AgpChart } from '../agp-chart/agp-chart';
import { DailySmallMultiples } from '../daily-small-multiples/daily-small-multiples';
import { DailyTrendChart, dailyTrendFromProfiles } from '../daily-trend/daily-trend-chart';
import { FIXTURE_TIME_ZONE, syntheticDay, syntheticReadings } from '../fixtures';
import { GlucoseTrace } from '../glucose-trace/glucose-trace';
import type { Story, StoryMeta } from '../internal/story-kit';
import { TimeInRangesBar } from '../time-in-ranges-bar/time-in-ranges-bar';

const readings = syntheticReadings({ days: 14 });
const profiles = dailyProfiles(readings, { timeZone: FIXTURE_TIME_ZONE });
const day = syntheticDay();

/** Every chart in print mode at fixed widths, as the AGP report's print/PDF layout places them. */
function PrintPage({ unit }: { unit: 'mg/dL' | 'mmol/L' }) {
  return (
    <div style={{ width: 760, padding: 16, boxSizing: 'content-box', background: '#fff', display: 'grid', gap: 16 }}>
      <div style={{ display: 'flex', gap: 16 }}>
        <TimeInRangesBar percentages={timeInRanges(readings)} unit={unit} width={360} print />
        <DailyTrendChart days={dailyTrendFromProfiles(profiles)} unit={unit} width={380} height={240} print />
      </div>
      <AgpChart profile={agpProfile(readings, { timeZone: FIXTURE_TIME_ZONE })} unit={unit} width={760} print />
      <DailySmallMultiples days={profiles} unit={unit} width={760} print />
      <GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit={unit} timeZone={FIXTURE_TIME_ZONE} width={760} height={220} print />
    </div>
  );
}

const meta: StoryMeta<{ unit: 'mg/dL' | 'mmol/L' }> = {
  title: 'Charts/Print',
  tags: ['autodocs'],
  component: PrintPage,
  args: { unit: 'mg/dL' },
};
export default meta;

export const AllChartsPrint: Story<{ unit: 'mg/dL' | 'mmol/L' }> = {};
export const AllChartsPrintMmol: Story<{ unit: 'mg/dL' | 'mmol/L' }> = { args: { unit: 'mmol/L' } };
