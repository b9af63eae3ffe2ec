import type { Story, StoryMeta } from '../internal/story-kit';
import { petTheme, PhoneWidth } from '../internal/story-kit';
import { defaultChartTheme } from '../theme';
import { DEFAULT_EVENT_LABELS, EVENT_TYPES, EventLegend } from './event-markers';

type LegendProps = Parameters<typeof EventLegend>[0];

const meta: StoryMeta<LegendProps> = {
  title: 'Charts/Event markers',
  tags: ['autodocs'],
  component: EventLegend,
  args: { types: EVENT_TYPES, labels: DEFAULT_EVENT_LABELS, theme: defaultChartTheme },
};
export default meta;

/** The eight event types: each its own shape and colour, named in the legend. */
export const AllTypes: Story<LegendProps> = {};
export const PetTheme: Story<LegendProps> = { args: { theme: petTheme } };
/** On a 360 px phone the legend wraps onto as many lines as it needs. */
export const Phone360: Story<LegendProps> = {
  name: 'At 360 px',
  render: (args) => (
    <PhoneWidth>
      <EventLegend {...args} />
    </PhoneWidth>
  ),
};
