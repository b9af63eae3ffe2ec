import { FollowerStatus, ResponseCode } from '@cgm-portal/api-client/contract';
import { requireCgmUser } from '../access';
import { enqueueNotice } from '../delivery/notice-jobs';
import { notFound, Problem, type CallContext, type Deps } from '../http';
import type { FollowerRow, MemberRow } from '../store/types';
import { followerOf } from '../views';
import { paging } from './paging';

const DAY_MS = 86_400_000;
/**
 * Follow requests and follower additions one account may make a day, together: enough for a
 * family, too few to probe addresses.
 */
export const FOLLOW_REQUESTS_PER_DAY = 20;
const followAllowanceKey = (accountId: number) => `followRequest:${accountId}`;

/** A relation the viewer owns as the watched member; anything else is "not found". */
async function ownRelation(deps: Deps, viewer: MemberRow, id: number): Promise<FollowerRow> {
  const relation = await deps.store.getFollower(id);
  if (!relation || relation.memberId !== viewer.id) throw notFound();
  return relation;
}

async function changed(deps: Deps, id: number) {
  return { item: followerOf((await deps.store.getFollower(id))!, 'member'), message: 'updateSuccessful' as const };
}

/** Approve or reject (SPEC §4): only the member decides; a rejected request may be approved later. */
async function decide(deps: Deps, viewer: MemberRow, id: number, status: 1 | 2) {
  const relation = await ownRelation(deps, viewer, id);
  if (status === FollowerStatus.rejected && relation.status === FollowerStatus.approved) {
    // Rejecting an approved follower would silently keep a "rejected but sharing" row; stop sharing too.
    await deps.store.updateFollower(id, { status, shareFlag: 0 });
  } else if (status === FollowerStatus.approved) {
    // Approval starts sharing; the member can stop it at any time.
    await deps.store.updateFollower(id, { status, shareFlag: 1 });
  } else {
    await deps.store.updateFollower(id, { status, shareFlag: 0 });
  }
  return changed(deps, id);
}

export const followerCalls = {
  // Member side: the people who follow me.
  async loadFollowerList({ deps, input, viewer }: CallContext<'loadFollowerList'>) {
    requireCgmUser(viewer.member);
    const { rows, total } = await deps.store.listFollowersOfMember(viewer.member.id, {
      ...paging(input.page, input.rows),
      status: input.status,
      keyword: input.keyword,
    });
    return { rows: rows.map((r) => followerOf(r, 'member')), total };
  },

  /**
   * The member adds a follower by e-mail: approved and sharing at once, as the portal's "Add
   * follower" promises. The answer is the same whether the address has an account or not, and
   * nothing is stored for an unknown one, so the call cannot tell who has an account. It counts
   * against the same daily allowance as follow requests (counted atomically, before the look-up),
   * which also bounds what probing the follower list afterwards could tell.
   */
  async addFollower({ deps, input, viewer }: CallContext<'addFollower'>) {
    requireCgmUser(viewer.member);
    const tried = await deps.store.countAttempt(followAllowanceKey(viewer.member.id), deps.now(), DAY_MS);
    if (tried > FOLLOW_REQUESTS_PER_DAY) throw new Problem(ResponseCode.tooManyAttempts, 'tooManyAttempts');
    const answer = { message: 'followerAddedIfAccount' as const };
    const follower = await deps.store.findMemberByEmail(input.email);
    // The caller knows their own address: saying so tells them nothing new.
    if (follower?.id === viewer.member.id) throw new Problem(ResponseCode.conflict, 'cannotFollowSelf');
    if (!follower) return answer;
    await deps.store.transaction(async (store) => {
      const existing = await store.findFollower(viewer.member.id, follower.id);
      const fields = { status: FollowerStatus.approved, shareFlag: 1 as const, note: input.note ?? existing?.note ?? '' };
      if (existing) await store.updateFollower(existing.id, fields);
      else await store.insertFollower({ memberId: viewer.member.id, followerAccountId: follower.id, message: '', addTime: deps.now(), fetchedTime: null, ...fields });
    });
    return answer;
  },

  async modifyFollowerShareFlag({ deps, input, viewer }: CallContext<'modifyFollowerShareFlag'>) {
    const relation = await ownRelation(deps, viewer.member, input.followerId);
    if (input.shareFlag === 1 && relation.status !== FollowerStatus.approved) {
      throw new Problem(ResponseCode.conflict, 'onlyApprovedShare');
    }
    await deps.store.updateFollower(relation.id, { shareFlag: input.shareFlag });
    return changed(deps, relation.id);
  },

  async modifyFollowerNote({ deps, input, viewer }: CallContext<'modifyFollowerNote'>) {
    const relation = await ownRelation(deps, viewer.member, input.followerId);
    await deps.store.updateFollower(relation.id, { note: input.note });
    return changed(deps, relation.id);
  },

  async delFollower({ deps, input, viewer }: CallContext<'delFollower'>) {
    const relation = await ownRelation(deps, viewer.member, input.followerId);
    await deps.store.deleteFollower(relation.id);
    return { message: 'updateSuccessful' as const };
  },

  async agreedFollowerRequest({ deps, input, viewer }: CallContext<'agreedFollowerRequest'>) {
    return decide(deps, viewer.member, input.followerRequestId, FollowerStatus.approved);
  },

  async rejectFollowerRequest({ deps, input, viewer }: CallContext<'rejectFollowerRequest'>) {
    return decide(deps, viewer.member, input.followerRequestId, FollowerStatus.rejected);
  },

  async setFollowerStatus({ deps, input, viewer }: CallContext<'setFollowerStatus'>) {
    return decide(deps, viewer.member, input.id, input.status);
  },

  // Follower side: the members I follow.
  async loadMyFollowers({ deps, input, viewer }: CallContext<'loadMyFollowers'>) {
    const { rows, total } = await deps.store.listFollowedBy(viewer.member.id, {
      ...paging(input.pageNumber, input.PageSize),
      keyword: input.memberEmail,
    });
    return { rows: rows.map((r) => followerOf(r, 'follower')), total };
  },

  /**
   * A follow request by e-mail. The answer is the same whether the address belongs to a CGM user,
   * to another kind of account or to no one ("request sent; if a CGM user has this address they
   * will see it"), so the call cannot be used to find out who has an account; asking again while
   * a request is pending changes nothing and answers the same. Requests a day are limited per
   * account, counted atomically, which also bounds mails to members.
   */
  async addFollowerRequest({ deps, input, viewer }: CallContext<'addFollowerRequest'>) {
    const sent = await deps.store.countAttempt(followAllowanceKey(viewer.member.id), deps.now(), DAY_MS);
    if (sent > FOLLOW_REQUESTS_PER_DAY) throw new Problem(ResponseCode.tooManyAttempts, 'tooManyAttempts');
    const answer = { message: 'followRequestSent' as const };
    const member = await deps.store.findMemberByEmail(input.email);
    // The caller knows their own address: saying so tells them nothing new.
    if (member?.id === viewer.member.id) throw new Problem(ResponseCode.conflict, 'cannotFollowSelf');
    if (!member || member.accountType !== 2) return answer;
    const created = await deps.store.transaction(async (store) => {
      const existing = await store.findFollower(member.id, viewer.member.id);
      if (existing && existing.status !== FollowerStatus.rejected) return false;
      const fields = { status: FollowerStatus.pending, shareFlag: 0 as const, message: input.message, addTime: deps.now() };
      // A rejected request may be asked again; it goes back to pending.
      if (existing) await store.updateFollower(existing.id, fields);
      else await store.insertFollower({ memberId: member.id, followerAccountId: viewer.member.id, note: '', fetchedTime: null, ...fields });
      return true;
    });
    // The member hears of a new request where they are, in their language, through the job queue:
    // a mail server that is down delays the mail (it is tried again) and never undoes the request.
    if (created && member.email) {
      const who = viewer.member;
      await enqueueNotice(deps.store, member.email, { kind: 'followerRequest', name: who.memberName, email: who.email ?? who.mobile ?? '' }, member.lang ?? 'en', deps.now());
    }
    return answer;
  },

  async delMyFollower({ deps, input, viewer }: CallContext<'delMyFollower'>) {
    const relation = await deps.store.getFollower(input.followerId);
    if (!relation || relation.followerAccountId !== viewer.member.id) throw notFound();
    await deps.store.deleteFollower(relation.id);
    return { message: 'updateSuccessful' as const };
  },
};
