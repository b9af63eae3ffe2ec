import { screenStates } from '../glucose/story-handlers';

// The profile (human or pet form, by variant) and change password in the whole portal.
export default { title: 'Screens/CGM user/Profile', render: () => <></> };

const states = screenStates('/user/profile', ['/web/member/loadMyMemberInfo'], []);
export const Filled = states.Filled!;
export const Loading = states.Loading!;
export const Error = states.Error!;
export const Chinese = states.Chinese!;
export const Arabic = states.Arabic!;
export const Pet = states.Pet!;
