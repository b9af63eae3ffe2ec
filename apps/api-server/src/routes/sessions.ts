import { ResponseCode } from '@cgm-portal/api-client/contract';
import { memberToView, requireCgmUser } from '../access';
import { noPermission, Problem, type CallContext } from '../http';
import { sessionOf } from '../views';
import { paging } from './paging';

export const sessionCalls = {
  async loadSessions({ deps, input, viewer }: CallContext<'loadSessions'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    const { rows, total } = await deps.store.listSessions(member.id, {
      ...paging(input.page, input.rows),
      from: input.from,
      to: input.to,
    });
    const now = deps.now();
    return { rows: rows.map((s) => sessionOf(s, now)), total };
  },

  /** The session report's edit dialog: the member's own sessions only. */
  async modifySession({ deps, input, viewer }: CallContext<'modifySession'>) {
    requireCgmUser(viewer.member);
    const session = await deps.store.getSession(input.id);
    if (!session || session.memberId !== viewer.member.id) throw noPermission();
    if (input.endTime != null && (input.endTime <= session.startTime || input.endTime > session.expireTime)) {
      throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'endTime' });
    }
    await deps.store.updateSession(session.id, {
      ...(input.note !== undefined && { note: input.note }),
      ...(input.endTime !== undefined && { endTime: input.endTime }),
    });
    return { item: sessionOf((await deps.store.getSession(session.id))!, deps.now()), message: 'updateSuccessful' as const };
  },
};
