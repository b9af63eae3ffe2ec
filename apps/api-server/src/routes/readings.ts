import { memberToView } from '../access';
import { RawJson, type CallContext } from '../http';

export const readingCalls = {
  async loadReadings({ deps, input, viewer }: CallContext<'loadReadings'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    const readings = new RawJson(await deps.store.listReadingsJson(member.id, 'sgv', input.from, input.to));
    return { item: { memberId: member.id, timeZone: member.timeZone, readings } };
  },
};
