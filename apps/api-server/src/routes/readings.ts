import { memberToView } from '../access';
import type { CallContext } from '../http';

export const readingCalls = {
  async loadReadings({ deps, input, viewer }: CallContext<'loadReadings'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    const readings = await deps.store.listReadings(member.id, 'sgv', input.from, input.to);
    return { item: { memberId: member.id, timeZone: member.timeZone, readings } };
  },
};
