import { http, HttpResponse } from 'msw';

// The whole portal at a follower path, signed in through the in-memory server's real login
// (tooling/storybook portal-story). CSF needs no Storybook import; parameters only.
interface PortalStory {
  parameters: { portal: { path: string; account?: 'human' | 'pet' | 'follower'; language?: string; handlers?: unknown[] } };
}

export default {
  title: 'Screens/Followers',
  render: () => <></>,
};

/** What the server answers once the member stopped sharing (or never shared). */
const refused = (path: string) =>
  http.post(`*/api${path}`, () => HttpResponse.json({ code: 403, message: 'Sorry, you have no permission to access this page' }));
const never = (path: string) => http.post(`*/api${path}`, () => new Promise<never>(() => {}));

/** The CGM user's live follower list: follower@ approved and sharing, doctor@ pending. */
export const MemberFollowerList: PortalStory = { parameters: { portal: { path: '/follower', account: 'human' } } };
export const MemberFollowerListArabic: PortalStory = { parameters: { portal: { path: '/follower', account: 'human', language: 'ar' } } };
export const MemberFollowerListLoading: PortalStory = {
  parameters: { portal: { path: '/follower', account: 'human', handlers: [never('/web/userFollower/loadFollowerList')] } },
};
export const PeopleIFollow: PortalStory = { parameters: { portal: { path: '/follow', account: 'follower' } } };
export const ObserverRequests: PortalStory = { parameters: { portal: { path: '/followerRequest', account: 'follower' } } };
/** A follower's home: the shared person's chart and monitor panels. */
export const FollowerHome: PortalStory = { parameters: { portal: { path: '/home', account: 'follower' } } };
/** Sharing stopped: the panels give way to the reason. */
export const FollowerHomeSharingStopped: PortalStory = {
  parameters: {
    portal: {
      path: '/home',
      account: 'follower',
      handlers: [refused('/web/glucose/loadPackedReadings'), refused('/web/follower/loadMemberInfoById')],
    },
  },
};
export const DoctorDetail: PortalStory = { parameters: { portal: { path: '/doctorDetail/1', account: 'follower' } } };
export const DoctorDetailSignedOut: PortalStory = { parameters: { portal: { path: '/doctorDetail/1' } } };
