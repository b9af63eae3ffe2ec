import { memberToView } from '../access';
import type { CallContext } from '../http';
import { deviceOf } from '../views';
import { paging } from './paging';

export const deviceCalls = {
  async getDeviceList({ deps, input, viewer }: CallContext<'getDeviceList'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    const { rows, total } = await deps.store.listDevices(member.id, paging(input.page, input.rows));
    const latest = (await deps.store.listSessions(member.id, { offset: 0, limit: 1 })).rows[0];
    return { rows: rows.map((d) => deviceOf(d, latest, deps.now())), total };
  },
};
