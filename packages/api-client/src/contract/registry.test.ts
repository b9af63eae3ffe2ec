import { describe, expect, it } from 'vitest';
import { contract, memberInfo, loadMyFollowersRequest, saveMemberInfoRequest } from './index';

/** SPEC §7, verbatim: these paths must exist exactly, typos and all. */
const SPEC_PATHS = [
  '/web/member/loadMyMemberInfo',
  '/web/member/saveMemberInfo',
  '/web/member/loadMemberInfoById',
  '/web/device/getDeviceList',
  '/web/uploadfile/uploadImage',
  '/web/user/modifyPassword',
  '/web/userFollower/modifyFollowerShareFlag',
  '/web/userFollower/delFollower',
  '/web/userFollower/agreedFollowerRequest',
  '/web/userFollower/rejectFollowerRequest',
  '/web/userReport/loadDeviceReport',
  '/web/follower/loadMyFollowers',
  '/web/follower/addFollowerRequest',
  '/web/follower/delMyFollower',
  '/web/follower',
  '/web/follower/loadMemberInfoById',
];

describe('the contract registry', () => {
  const paths = Object.values(contract).map((c) => c.path);

  it('holds every call of SPEC §7 with its exact path', () => {
    for (const path of SPEC_PATHS) expect(paths).toContain(path);
  });

  it('gives every call its own /web path', () => {
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/web(\/[A-Za-z]+)*$/);
  });

  it('keeps the spec spellings: memberSeting, diabeteType, PageSize', () => {
    expect(Object.keys(memberInfo.shape)).toEqual(expect.arrayContaining(['memberSeting', 'diabeteType', 'dateOfDignose']));
    expect(loadMyFollowersRequest.parse({})).toEqual({ pageNumber: 1, PageSize: 10 });
  });

  it('takes the spec payload of each SPEC §7 call', () => {
    expect(contract.modifyFollowerShareFlag.request.parse({ followerId: 3, shareFlag: 1 })).toBeTruthy();
    expect(contract.agreedFollowerRequest.request.parse({ followerRequestId: 3 })).toBeTruthy();
    expect(contract.addFollowerRequest.request.parse({ email: 'A@B.example', message: 'hi' })).toEqual({ email: 'a@b.example', message: 'hi' });
    expect(contract.setFollowerStatus.request.parse({ id: 3, status: 2 })).toBeTruthy();
    expect(contract.loadDeviceReport.request.parse({ memberDeviceId: 1 })).toBeTruthy();
    expect(contract.modifyPassword.request.parse({ oldPassword: 'x', newPassword: 'y' })).toBeTruthy();
    expect(
      saveMemberInfoRequest.parse({ memberName: 'Miso', breed: 'Siamese', weight: 4.2, insulinType: 'PZI', insulinFreq: 0.5, insulinDose: 1, syringeType: 40 }),
    ).toBeTruthy();
  });

  it('pages with page/rows, defaulting to page 1 of 10', () => {
    expect(contract.loadEvents.request.parse({})).toEqual({ page: 1, rows: 10 });
    expect(contract.loadFollowerList.request.parse({ page: 2, rows: 20 })).toEqual({ page: 2, rows: 20 });
  });

  it('refuses unknown fields, so a typo in a payload is caught', () => {
    expect(contract.loadReadings.request.safeParse({ from: 1, to: 2, memberID: 3 }).success).toBe(false);
  });
});
