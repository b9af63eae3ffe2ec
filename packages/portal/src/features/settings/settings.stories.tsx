import { screenStates } from '../glucose/story-handlers';

// Settings in the whole portal; "empty" has no meaning here (the server always holds settings), so it is the filled form.
export default { title: 'Screens/CGM user/Settings', render: () => <></> };

const states = screenStates('/settings', ['/web/member/loadMyMemberInfo'], []);
export const Filled = states.Filled!;
export const Loading = states.Loading!;
export const Error = states.Error!;
export const Chinese = states.Chinese!;
export const Arabic = states.Arabic!;
export const Pet = states.Pet!;
