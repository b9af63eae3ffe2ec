import { screenStates, storyHandlers } from '../glucose/story-handlers';

// The glucose report in the whole portal, with the in-memory server's demo data.
export default { title: 'Screens/CGM user/Glucose report', render: () => <></> };

const states = screenStates('/report', ['/web/glucose/loadPackedReadings'], [storyHandlers.noReadings()]);
export const Filled = states.Filled!;
export const Loading = states.Loading!;
export const Empty = states.Empty!;
export const Error = states.Error!;
export const Chinese = states.Chinese!;
export const Arabic = states.Arabic!;
export const Pet = states.Pet!;
