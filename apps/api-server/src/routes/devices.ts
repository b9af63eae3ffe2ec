import { memberToView } from '../access';
import type { CallContext } from '../http';
import { deviceOf } from '../views';

export const deviceCalls = {
  async getDeviceList({ deps, input, viewer }: CallContext<'getDeviceList'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    const { rows, total } = await deps.store.listDevices(member.id, {
      offset: (input.page - 1) * input.rows,
      limit: input.rows,
    });
    const latest = (await deps.store.listSessions(member.id, { offset: 0, limit: 1 })).rows[0];
    return { rows: rows.map((d) => deviceOf(d, latest, deps.now())), total };
  },
};
