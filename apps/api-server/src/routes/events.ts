import { memberToView, requireCgmUser } from '../access';
import { noPermission, type CallContext } from '../http';
import type { ReadingRow } from '../store/types';
import { eventOf } from '../views';
import { paging } from './paging';

export const eventCalls = {
  async loadEvents({ deps, input, viewer }: CallContext<'loadEvents'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    const { rows, total } = await deps.store.listEvents(member.id, {
      ...paging(input.page, input.rows),
      from: input.from,
      to: input.to,
      eventType: input.eventType,
    });
    return { rows: rows.map(eventOf), total };
  },

  /**
   * A finger-stick BG or a calibration is also a reading (kind mbg / cal), written together.
   * With an idempotency key, a repeat of the request (a double click, a retry after a lost
   * answer) gives back the first event and writes nothing.
   */
  async addEvent({ deps, input, viewer }: CallContext<'addEvent'>) {
    requireCgmUser(viewer.member);
    const memberId = viewer.member.id;
    const id = await deps.store.transaction(async (store) => {
      const row = { memberId, eventType: input.detail.eventType, time: input.time, note: input.note, detail: JSON.stringify(input.detail) };
      const { id: eventId, created } = input.idempotencyKey
        ? await store.insertEventOnce(row, input.idempotencyKey)
        : { id: (await store.insertEvents([row]))[0]!, created: true };
      if (!created) return eventId;
      const { detail } = input;
      if (detail.eventType === 'BG' || detail.eventType === 'calibration') {
        const reading: ReadingRow = { memberId, time: input.time, mgdl: detail.mgdl, kind: detail.eventType === 'BG' ? 'mbg' : 'cal' };
        await store.insertReadings([reading]);
      }
      return eventId!;
    });
    return { item: eventOf((await deps.store.getEvent(id))!) };
  },

  async delEvent({ deps, input, viewer }: CallContext<'delEvent'>) {
    const event = await deps.store.getEvent(input.id);
    if (!event || event.memberId !== viewer.member.id) throw noPermission();
    await deps.store.deleteEvent(event.id);
    return { message: 'updateSuccessful' as const };
  },
};
