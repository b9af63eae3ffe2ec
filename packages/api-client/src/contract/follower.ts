import { z } from 'zod';
import { email, epochMs, id, pageRequest } from './common';

/** Follow-request status: 0 pending, 1 approved, 2 rejected (SPEC §4 leaves the coding open). */
export const FollowerStatus = { pending: 0, approved: 1, rejected: 2 } as const;
export const followerStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** Share flag: 1 sharing, 0 not sharing. */
export const shareFlag = z.union([z.literal(0), z.literal(1)]);

/**
 * One follower relation: a follower account watching a member. `id`, `followerId` and
 * `followerRequestId` all name this relation record, so whichever name a call uses
 * (SPEC §7 uses all three) the UI passes the row's value; `followerAccountId` is the
 * follower's own account.
 */
export const followerRelation = z.object({
  id,
  followerId: id,
  followerRequestId: id,
  followerAccountId: id,
  memberId: id,
  /** The member's e-mail (follower side) and the follower's e-mail (member side). */
  memberEmail: z.string().nullable(),
  followerEmail: z.string().nullable(),
  /** Display name of the other party. */
  name: z.string(),
  memberName: z.string(),
  followerName: z.string(),
  /** The member's note about this follower. */
  note: z.string(),
  /** The follower's message sent with the request. */
  message: z.string(),
  addTime: epochMs,
  status: followerStatus,
  shareFlag,
  /** When the follower last fetched the member's data; null if never. */
  fetchedTime: epochMs.nullable(),
});
export type FollowerRelation = z.infer<typeof followerRelation>;

// Member side (/web/userFollower/*)
export const loadFollowerListRequest = pageRequest
  .extend({
    status: followerStatus.optional(),
    keyword: z.string().trim().max(100).optional(),
  })
  .strict();
export type LoadFollowerListRequest = z.input<typeof loadFollowerListRequest>;
export const modifyFollowerShareFlagRequest = z.object({ followerId: id, shareFlag }).strict();
export const followerIdRequest = z.object({ followerId: id }).strict();
export const followerRequestIdRequest = z.object({ followerRequestId: id }).strict();
export const modifyFollowerNoteRequest = z
  .object({ followerId: id, note: z.string().trim().min(1).max(200) })
  .strict();
/** The member invites a follower by e-mail: approved and sharing at once, since the owner asks. */
export const addFollowerRequest = z
  .object({ email, note: z.string().trim().max(200).optional() })
  .strict();

// Follower side (/web/follower/*)
export const loadMyFollowersRequest = z
  .object({
    memberEmail: z.string().trim().max(200).optional(),
    pageNumber: z.number().int().min(1).default(1),
    PageSize: z.number().int().min(1).max(200).default(10),
  })
  .strict();
export type LoadMyFollowersRequest = z.input<typeof loadMyFollowersRequest>;
export const addFollowerRequestRequest = z
  .object({ email, message: z.string().trim().min(1).max(500) })
  .strict();
export type AddFollowerRequestRequest = z.input<typeof addFollowerRequestRequest>;
/** The approver changes a request's status (the `/web/follower` call of SPEC §7). */
export const followerStatusRequest = z
  .object({ id, status: z.union([z.literal(1), z.literal(2)]) })
  .strict();
