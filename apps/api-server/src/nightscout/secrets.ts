import type { Context } from 'hono';
import { requireCgmUser } from '../access';
import { ResponseCode } from '@cgm-portal/api-client/contract';
import { digestHex, notFound, Problem, randomId, sha256, type CallContext, type Deps } from '../http';
import type { MemberRow, UploadSecretRow } from '../store/types';

/**
 * Upload secrets. Nightscout clients send the SHA-1 hex of their API secret in the
 * `api-secret` header (or the secret as a `token` query). The server keeps only SHA-256 of
 * that SHA-1 hex, so neither a database leak nor a log line opens an account, and finds the
 * member by it, since one portal serves many members where Nightscout serves one.
 */
const encoder = new TextEncoder();

export async function sha1Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', encoder.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Equal strings in time that does not depend on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

const SHA1_HEX = /^[0-9a-f]{40}$/i;
/** At most this many live secrets per member (one per uploader is the idea). */
export const MAX_LIVE_SECRETS = 10;
/** `lastUsedAt` is written at most once a minute, so a 5-minute uploader costs no extra writes. */
const USE_STAMP_MS = 60_000;

export const storedHashOf = async (sha1: string) => sha256(sha1.toLowerCase());

export interface SecretHolder {
  member: MemberRow;
  scope: UploadSecretRow['scope'];
  secretId: number;
  /** The member's name for the secret (e.g. "xDrip+"): Nightscout's `subject`. */
  label: string;
  /** The language of the alarms this uploader hears. */
  lang: string;
}

/** The CGM user whose secret the request carries, with what it may do; null when wrong, revoked, or not a CGM user's. */
export async function secretHolderOf(deps: Deps, c: Context): Promise<SecretHolder | null> {
  const header = c.req.header('api-secret')?.trim();
  const token = c.req.query('token')?.trim();
  return holderOfSecret(deps, header || token);
}

/** The holder of a secret given as itself or as its SHA-1 hex (API v1 header, `token` query, API v3 access token). */
export async function holderOfSecret(deps: Deps, given: string | undefined): Promise<SecretHolder | null> {
  if (!given || given.length > 200) return null;
  const sha1 = SHA1_HEX.test(given) ? given.toLowerCase() : await digestHex(deps.platform, 'sha1', given);
  // Every upload asks this: the platform's synchronous hash where it has one (storedHashOf's).
  const hash = await digestHex(deps.platform, 'sha256', sha1);
  const row: UploadSecretRow | undefined = await deps.store.findUploadSecret(hash);
  if (!row || !constantTimeEqual(row.secretHash, hash)) return null;
  return holderOfRow(deps, row);
}

/** The holder of a secret found by id (a JWT names it): null once revoked. */
export async function holderOfSecretId(deps: Deps, id: number): Promise<SecretHolder | null> {
  const row = await deps.store.getUploadSecret(id);
  return row ? holderOfRow(deps, row) : null;
}

async function holderOfRow(deps: Deps, row: UploadSecretRow): Promise<SecretHolder | null> {
  if (row.revokedAt !== null) return null;
  const member = await deps.store.getMember(row.memberId);
  // Only a CGM user's data can be written; a follower never uploads, whatever it holds.
  if (!member || member.accountType !== 2) return null;
  const now = deps.now();
  if (row.lastUsedAt === null || now - row.lastUsedAt > USE_STAMP_MS) await deps.store.updateUploadSecret(row.id, { lastUsedAt: now });
  return { member, scope: row.scope, secretId: row.id, label: row.label, lang: row.lang };
}

const view = (r: UploadSecretRow) => ({ id: r.id, label: r.label, scope: r.scope, createdAt: r.createdAt, lastUsedAt: r.lastUsedAt, revokedAt: r.revokedAt });

export const uploadSecretCalls = {
  async createUploadSecret({ deps, input, viewer, lanCode }: CallContext<'createUploadSecret'>) {
    requireCgmUser(viewer.member);
    // 144 random bits; Nightscout wants at least 12 characters.
    const secret = randomId(18);
    const apiSecretSha1 = await sha1Hex(secret);
    const row = {
      memberId: viewer.member.id,
      secretHash: await storedHashOf(apiSecretSha1),
      label: input.label,
      scope: input.scope,
      lang: lanCode,
      createdAt: deps.now(),
      lastUsedAt: null,
      revokedAt: null,
    };
    // The count and the insert run alone (member lock), so a parallel burst leaves at most ten.
    const id = await deps.store.transaction(async (store) => {
      await store.lockMember(viewer.member.id);
      const live = (await store.listUploadSecrets(viewer.member.id)).filter((s) => s.revokedAt === null);
      if (live.length >= MAX_LIVE_SECRETS) throw new Problem(ResponseCode.conflict, 'tooManyLive', { max: String(MAX_LIVE_SECRETS) });
      return store.insertUploadSecret(row);
    });
    return { item: { ...view({ ...row, id }), secret, apiSecretSha1 } };
  },
  async loadUploadSecrets({ deps, viewer }: CallContext<'loadUploadSecrets'>) {
    requireCgmUser(viewer.member);
    const rows = await deps.store.listUploadSecrets(viewer.member.id);
    return { rows: rows.map(view), total: rows.length };
  },
  async revokeUploadSecret({ deps, input, viewer }: CallContext<'revokeUploadSecret'>) {
    requireCgmUser(viewer.member);
    const rows = await deps.store.listUploadSecrets(viewer.member.id);
    const row = rows.find((r) => r.id === input.id);
    if (!row) throw notFound();
    if (row.revokedAt === null) await deps.store.updateUploadSecret(row.id, { revokedAt: deps.now() });
    return { item: view({ ...row, revokedAt: row.revokedAt ?? deps.now() }) };
  },
};
