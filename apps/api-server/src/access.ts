import { FollowerStatus } from '@cgm-portal/api-client/contract';
import { noPermission } from './http';
import type { MemberRow, Store } from './store/types';

/**
 * Who may see whose data, decided once for every data call:
 * - a CGM user (account type 2) sees their own data;
 * - anyone sees a member's data while that member has approved them and sharing is on.
 * Returns how the viewer is allowed ('self' or the follower relation id), or null.
 */
export async function canView(
  store: Store,
  viewer: MemberRow,
  memberId: number,
): Promise<{ via: 'self' } | { via: 'follower'; relationId: number } | null> {
  if (viewer.id === memberId) return viewer.accountType === 2 ? { via: 'self' } : null;
  const relation = await store.findFollower(memberId, viewer.id);
  if (relation && relation.status === FollowerStatus.approved && relation.shareFlag === 1) {
    return { via: 'follower', relationId: relation.id };
  }
  return null;
}

/**
 * The member whose data a call reads (the viewer's own when memberId is left out), or
 * "no permission". Another member's id that the viewer may not see answers exactly like an
 * id that does not exist, so ids cannot be probed. Follower reads stamp the relation's
 * data-fetched time, which the member sees in the follower list.
 */
export async function memberToView(
  store: Store,
  viewer: MemberRow,
  memberId: number | undefined,
  now: number,
): Promise<MemberRow> {
  const target = memberId ?? viewer.id;
  const access = await canView(store, viewer, target);
  if (!access) throw noPermission();
  if (access.via === 'follower') await store.updateFollower(access.relationId, { fetchedTime: now });
  const member = target === viewer.id ? viewer : await store.getMember(target);
  if (!member) throw noPermission();
  return member;
}

/** Writes to member data are the member's own, and only CGM users have such data. */
export function requireCgmUser(viewer: MemberRow): void {
  if (viewer.accountType !== 2) throw noPermission();
}
