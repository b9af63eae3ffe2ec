import { PACKED_READINGS_FORMAT } from '@cgm-portal/api-client/contract';
import { memberToView } from '../access';
import { dataEtag, etagMatches } from '../etags';
import { RawJson, type CallContext } from '../http';
import { readingDaysOf } from '../reading-days';

export const readingCalls = {
  async loadReadings({ deps, input, viewer }: CallContext<'loadReadings'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    const readings = new RawJson(await deps.store.listReadingsJson(member.id, 'sgv', input.from, input.to));
    return { item: { memberId: member.id, timeZone: member.timeZone, readings } };
  },

  /** loadReadings packed, from the closed-day cache, with an ETag from the days' versions. */
  async loadPackedReadings({ deps, input, viewer, lanCode, ifNoneMatch }: CallContext<'loadPackedReadings'>) {
    const member = await memberToView(deps.store, viewer.member, input.memberId, deps.now());
    const days = readingDaysOf(deps.store);
    const span = await days.versionsOf(deps.store, member.id, input.from, input.to);
    const etag = await dataEtag(deps.platform, ['loadPackedReadings', PACKED_READINGS_FORMAT, member.id, member.timeZone, lanCode, span.key]);
    if (etagMatches(ifNoneMatch, etag)) return { etag, notModified: true };
    const readings = new RawJson(await days.packedJson(deps.store, span));
    return { etag, item: { memberId: member.id, timeZone: member.timeZone, readings } };
  },
};
