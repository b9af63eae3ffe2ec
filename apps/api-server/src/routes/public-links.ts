import { ResponseCode } from '@cgm-portal/api-client/contract';
import { requireCgmUser } from '../access';
import { notFound, Problem, randomId, type CallContext, type Deps } from '../http';
import { publicLinkOf } from '../views';
import { paging } from './paging';
import { answerWithEtag, buildPackedReport, buildReport } from './reports';

const DAY_MS = 24 * 3600 * 1000;
/** 18 random bytes: 144 bits, 24 base64url characters. */
const LINK_ID_BYTES = 18;

/** Live share links per member: enough for every carer and clinic, few enough to review. */
export const MAX_LIVE_PUBLIC_LINKS = 20;

export const publicLinkCalls = {
  async createPublicLink({ deps, input, viewer }: CallContext<'createPublicLink'>) {
    requireCgmUser(viewer.member);
    const now = deps.now();
    if (input.expiresAt != null && input.expiresAt <= now) {
      throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'expiresAt' });
    }
    const link = {
      id: randomId(LINK_ID_BYTES),
      memberId: viewer.member.id,
      createdAt: now,
      expiresAt: input.expiresAt ?? null,
      revokedAt: null,
      spanDays: input.spanDays,
      lang: input.lang,
    };
    // The count and the insert run alone (member lock), so a parallel burst cannot pass the cap.
    await deps.store.transaction(async (store) => {
      await store.lockMember(viewer.member.id);
      if ((await store.countLivePublicLinks(viewer.member.id, now)) >= MAX_LIVE_PUBLIC_LINKS) {
        throw new Problem(ResponseCode.conflict, 'tooManyLive', { max: String(MAX_LIVE_PUBLIC_LINKS) });
      }
      await store.insertPublicLink(link);
    });
    return { item: publicLinkOf(link) };
  },

  async revokePublicLink({ deps, input, viewer }: CallContext<'revokePublicLink'>) {
    const link = await deps.store.getPublicLink(input.id);
    if (!link || link.memberId !== viewer.member.id) throw notFound();
    if (link.revokedAt === null) await deps.store.updatePublicLink(link.id, { revokedAt: deps.now() });
    return { item: publicLinkOf((await deps.store.getPublicLink(link.id))!), message: 'updateSuccessful' as const };
  },

  async loadPublicLinks({ deps, input, viewer }: CallContext<'loadPublicLinks'>) {
    const { rows, total } = await deps.store.listPublicLinks(viewer.member.id, paging(input.page, input.rows));
    return { rows: rows.map(publicLinkOf), total };
  },

  /** No login: the link id is the credential. The report covers the link's span ending now. */
  async loadPublicReport({ deps, input }: CallContext<'loadPublicReport'>) {
    const { member, from, to } = await publicReportSpan(deps, input.id);
    return { item: await buildReport(deps, member, from, to) };
  },

  async loadPackedPublicReport({ deps, input, lanCode, ifNoneMatch }: CallContext<'loadPackedPublicReport'>) {
    const { member, from, to } = await publicReportSpan(deps, input.id);
    return answerWithEtag(deps, await buildPackedReport(deps, member, from, to), lanCode, ifNoneMatch);
  },
};

/** The member and span a public link opens, or the reason it opens nothing. */
async function publicReportSpan(deps: Deps, linkId: string) {
  const link = await deps.store.getPublicLink(linkId);
  if (!link) throw notFound();
  const now = deps.now();
  if (link.revokedAt !== null || (link.expiresAt !== null && link.expiresAt <= now)) {
    throw new Problem(ResponseCode.linkExpired, 'linkExpired');
  }
  const member = await deps.store.getMember(link.memberId);
  if (!member) throw notFound();
  return { member, from: now - link.spanDays * DAY_MS, to: now };
}
