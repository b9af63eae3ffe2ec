import { screenStates, storyHandlers } from '../glucose/story-handlers';

// The status overview in the whole portal, with the in-memory server's demo data.
export default { title: 'Screens/CGM user/Status overview', render: () => <></> };

// Every call the overview's cards draw from, so Loading shows every card loading: with the
// sessions answered, the session chart was drawn in full in the "loading" story.
const states = screenStates('/home', ['/web/glucose/loadPackedReadings', '/web/sensor/loadSessions', '/web/event/loadEvents'], [storyHandlers.noReadings(), storyHandlers.emptyPage('/web/sensor/loadSessions')]);
export const Filled = states.Filled!;
export const Loading = states.Loading!;
export const Empty = states.Empty!;
export const Error = states.Error!;
export const Chinese = states.Chinese!;
export const Arabic = states.Arabic!;
export const Pet = states.Pet!;
