import { requireCgmUser } from '../access';
import type { CallContext } from '../http';
import { memberSetingOf } from '../views';

export const settingCalls = {
  /** Unit, custom target range and the four alert thresholds; a CGM user's own only. */
  async saveMemberSeting({ deps, input, viewer }: CallContext<'saveMemberSeting'>) {
    requireCgmUser(viewer.member);
    await deps.store.updateMember(viewer.member.id, input);
    const member = await deps.store.getMember(viewer.member.id);
    return { item: memberSetingOf(member!), message: 'updateSuccessful' as const };
  },
};
