import { PACKED_READINGS_FORMAT, packReadingColumns } from '@cgm-portal/api-client/contract';
import { memberToView } from '../access';
import { dataEtag, etagMatches } from '../etags';
import { RawJson, type CallContext } from '../http';
import { LruMap, readingDaysOf } from '../reading-days';
import type { Store } from '../store/types';

/**
 * Packed answers by ETag: fifty browsers showing the same 90 days cost one packing. About 70 KB
 * each; an ETag names its exact text, so an entry is never stale, only unused.
 */
const packedAnswers = new WeakMap<Store, LruMap<string, RawJson>>();
const PACKED_ANSWERS_KEPT = 64;

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
    const etag = await dataEtag(['loadPackedReadings', PACKED_READINGS_FORMAT, member.id, member.timeZone, lanCode, span.key]);
    if (etagMatches(ifNoneMatch, etag)) return { etag, notModified: true };
    let answers = packedAnswers.get(deps.store);
    if (!answers) packedAnswers.set(deps.store, (answers = new LruMap(PACKED_ANSWERS_KEPT)));
    let item = answers.get(etag);
    if (!item) {
      const { times, values } = await days.read(deps.store, span);
      const readings = packReadingColumns(times, values, input.from);
      item = new RawJson(JSON.stringify({ memberId: member.id, timeZone: member.timeZone, readings }));
      answers.set(etag, item);
    }
    return { etag, item };
  },
};
