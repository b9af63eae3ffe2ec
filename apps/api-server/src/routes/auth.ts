import { ResponseCode, type MenuItem } from '@cgm-portal/api-client/contract';
import { Problem, randomId, sha256, type CallContext, type Deps } from '../http';
import type { MemberRow } from '../store/types';
import { CODE_VALID_MINUTES } from './code-rules';

const CODE_TTL_MS = CODE_VALID_MINUTES * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
const WINDOW_MS = 15 * 60 * 1000;
/** Back-off: each window that ended at its limit doubles the next one, up to a day. */
const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * Attempts per 15 minutes, backing off exponentially: an account, address or client that used up
 * its tries in one window gets its next tries only after a window twice as long (30 minutes, an
 * hour, … a day); a window under the limit brings back 15 minutes. Each is counted in the
 * database before any work (the password hash, the code check), in one statement, so a parallel burst is cut at the limit whatever its
 * order, and a restart or another server forgets nothing. One account is one counter, whether
 * it is named by e-mail or by phone; the client's address has its own, wider one.
 */
const LOGINS_PER_ACCOUNT = 10;
const LOGINS_PER_CLIENT = 100;
const CODES_PER_DESTINATION = 5;
const CODES_PER_CLIENT = 20;

/** Counts one attempt under each key; false when any is over its limit. */
async function withinLimits(deps: Deps, ...limits: [key: string, max: number][]): Promise<boolean> {
  const counts = await Promise.all(
    limits.map(([key, limit]) => deps.store.countAttempt(key, deps.now(), WINDOW_MS, { limit, maxWindowMs: MAX_WINDOW_MS })),
  );
  return counts.every((count, i) => count <= limits[i]![1]);
}

/** The one counter of an account, however it is named; an unknown address counts on its own. */
const accountKey = (account: MemberRow | undefined, address: string) => (account ? `member:${account.id}` : `address:${address}`);

const tooManyAttempts = () => new Problem(ResponseCode.tooManyAttempts, 'tooManyAttempts');

/**
 * SPEC §2: the CGM user menu (Status Overview, Session Report, Glucose Report, Follower List,
 * with the event list, settings and profile reachable but hidden from the side menu), and the
 * reduced follower menu (home hidden, Follow, observer requests). titleKey is the route title
 * key the portal translates under `routes.`.
 */
export function menusFor(accountType: number): { menus: MenuItem[]; homePath: string } {
  if (accountType === 2) {
    return {
      homePath: '/home',
      menus: [
        { path: '/home', titleKey: 'statusOverview' },
        { path: '/sessionReport', titleKey: 'sessionReport' },
        { path: '/report', titleKey: 'glucoseReport' },
        { path: '/report/agp', titleKey: 'report' },
        { path: '/eventList', titleKey: 'eventList' },
        { path: '/follower', titleKey: 'followerList' },
        { path: '/settings', titleKey: 'settings' },
        { path: '/user/profile', titleKey: 'profile', hidden: true },
      ],
    };
  }
  return {
    homePath: '/home',
    menus: [
      { path: '/home', titleKey: 'home', hidden: true },
      { path: '/follow', titleKey: 'follow' },
      { path: '/followerRequest', titleKey: 'followerRequest' },
      { path: '/user/profile', titleKey: 'profile', hidden: true },
    ],
  };
}

/** At least 8 characters with a letter and a digit; at most 128. */
export function isAcceptablePassword(password: string): boolean {
  return password.length >= 8 && password.length <= 128 && /\p{L}/u.test(password) && /\p{N}/u.test(password);
}

const dummyHashes = new WeakMap<object, Promise<string>>();
/** Spends the same password-hash work when the account does not exist, so timing tells nothing. */
async function burnPasswordCheck(deps: Deps, plain: string): Promise<void> {
  let dummy = dummyHashes.get(deps.platform);
  if (!dummy) dummyHashes.set(deps.platform, (dummy = deps.platform.hashPassword('not-a-real-password-1')));
  await deps.platform.verifyPassword(plain, await dummy);
}

async function findAccount(deps: Deps, address: { email?: string; mobile?: string }): Promise<MemberRow | undefined> {
  if (address.email) return deps.store.findMemberByEmail(address.email);
  if (address.mobile) return deps.store.findMemberByMobile(address.mobile);
  return undefined;
}

function addressKey(address: { email?: string; mobile?: string }): string {
  return address.email ?? address.mobile ?? '';
}

/** Checks and spends a verification code; false when wrong, expired, used or tried too often. */
async function useVerifyCode(deps: Deps, address: string, purpose: string, code: string): Promise<boolean> {
  const row = await deps.store.latestVerifyCode(address, purpose);
  // The try is taken before the comparison, atomically: a burst of guesses gets five, not more.
  if (!row || !(await deps.store.claimVerifyCodeAttempt(row.id, CODE_MAX_ATTEMPTS, deps.now()))) return false;
  if (row.codeHash !== (await sha256(`${address}:${code}`))) return false;
  return deps.store.markVerifyCodeUsed(row.id, deps.now());
}

export async function issueToken(deps: Deps, memberId: number): Promise<{ token: string; expiresAt: number }> {
  const token = randomId(32);
  const now = deps.now();
  const expiresAt = now + deps.config.tokenTtlMs;
  await deps.store.insertToken({ tokenHash: await sha256(token), memberId, createdAt: now, expiresAt, revokedAt: null });
  return { token, expiresAt };
}

function wrongCredentials() {
  return new Problem(ResponseCode.wrongCredentials, 'wrongCredentials');
}

/** Checks the credentials; a wrong one throws, a right one for the other login type answers 501. */
async function checkLogin(deps: Deps, input: CallContext<'login'>['input'], account: MemberRow | undefined) {
  if (input.password !== undefined) {
    const plain = await deps.platform.decryptCredential(input.password);
    if (!account || plain === null) {
      await burnPasswordCheck(deps, plain ?? '');
      throw wrongCredentials();
    }
    if (!(await deps.platform.verifyPassword(plain, account.passwordHash))) throw wrongCredentials();
  } else {
    const ok = await useVerifyCode(deps, addressKey(input), 'login', input.verifyCode!);
    if (!ok || !account) throw new Problem(ResponseCode.wrongCredentials, 'wrongCode');
  }
  // Right credentials, wrong door: a success the login page must read (SPEC §7 on 501).
  if (account.accountType !== input.loginType) {
    return { code: ResponseCode.okWithNotice, message: 'wrongLoginType' as const };
  }
  const { token, expiresAt } = await issueToken(deps, account.id);
  return {
    item: { token, expiresAt, accountType: account.accountType, memberId: account.id, memberName: account.memberName },
  };
}

export const authCalls = {
  async login({ deps, input, clientAddress }: CallContext<'login'>) {
    const account = await findAccount(deps, input);
    const key = `login:${accountKey(account, addressKey(input))}`;
    const client = `login:client:${clientAddress}`;
    if (!(await withinLimits(deps, [key, LOGINS_PER_ACCOUNT], [client, LOGINS_PER_CLIENT]))) throw tooManyAttempts();
    const answer = await checkLogin(deps, input, account);
    // The right credentials end the account's run of failures, and do not count against the
    // client's address (a clinic's many members share one).
    await Promise.all([deps.store.clearAttempts(key), deps.store.refundAttempt(client)]);
    return answer;
  },

  async sendVerifyCode({ deps, input, lanCode, clientAddress }: CallContext<'sendVerifyCode'>) {
    // Answers the same whether or not the account exists, so addresses cannot be probed.
    const account = await findAccount(deps, input);
    const destination = `code:${accountKey(account, addressKey(input))}`;
    if (!(await withinLimits(deps, [destination, CODES_PER_DESTINATION], [`code:client:${clientAddress}`, CODES_PER_CLIENT]))) {
      throw tooManyAttempts();
    }
    if (account) {
      const address = addressKey(input);
      const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0');
      const now = deps.now();
      await deps.store.insertVerifyCode({
        address,
        purpose: input.purpose,
        codeHash: await sha256(`${address}:${code}`),
        createdAt: now,
        expiresAt: now + CODE_TTL_MS,
        attempts: 0,
        usedAt: null,
      });
      await deps.platform.deliverCode(address, code, input.purpose, lanCode);
    }
    return { message: 'codeSent' as const };
  },
  async resetPassword({ deps, input }: CallContext<'resetPassword'>) {
    const plain = await deps.platform.decryptCredential(input.newPassword);
    if (plain === null) throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'newPassword' });
    if (!isAcceptablePassword(plain)) throw new Problem(ResponseCode.invalidPayload, 'weakPassword');
    const account = await findAccount(deps, input);
    const ok = await useVerifyCode(deps, addressKey(input), 'resetPassword', input.verifyCode);
    if (!ok || !account) throw new Problem(ResponseCode.wrongCredentials, 'wrongCode');
    const passwordHash = await deps.platform.hashPassword(plain);
    await deps.store.transaction(async (store) => {
      await store.updateMember(account.id, { passwordHash });
      await store.revokeTokensOfMember(account.id, deps.now());
    });
    return { message: 'passwordReset' as const };
  },

  async getDeliveryChannels({ deps }: CallContext<'getDeliveryChannels'>) {
    return { item: deps.config.deliveryChannels ?? { email: 'outbox' as const, sms: 'outbox' as const } };
  },

  async getPublicKey({ deps }: CallContext<'getPublicKey'>) {
    return { item: { publicKey: await deps.platform.publicKeyPem() } };
  },

  async logout({ deps, viewer }: CallContext<'logout'>) {
    await deps.store.updateToken(viewer.tokenHash, { revokedAt: deps.now() });
    return {};
  },

  async getUserInfo({ viewer }: CallContext<'getUserInfo'>) {
    const m = viewer.member;
    return {
      item: {
        ...menusFor(m.accountType),
        memberName: m.memberName,
        memberId: m.id,
        avatar: m.avatar,
        petType: m.petType,
        accountType: m.accountType,
        email: m.email,
        mobile: m.mobile,
      },
    };
  },

  async modifyPassword({ deps, input, viewer }: CallContext<'modifyPassword'>) {
    const oldPlain = await deps.platform.decryptCredential(input.oldPassword);
    const newPlain = await deps.platform.decryptCredential(input.newPassword);
    if (oldPlain === null || !(await deps.platform.verifyPassword(oldPlain, viewer.member.passwordHash))) {
      throw wrongCredentials();
    }
    if (newPlain === null) throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'newPassword' });
    if (!isAcceptablePassword(newPlain)) throw new Problem(ResponseCode.invalidPayload, 'weakPassword');
    const passwordHash = await deps.platform.hashPassword(newPlain);
    // The UI logs out after a change (SPEC §4); every session of the account ends here too.
    await deps.store.transaction(async (store) => {
      await store.updateMember(viewer.member.id, { passwordHash });
      await store.revokeTokensOfMember(viewer.member.id, deps.now());
    });
    return { message: 'passwordChanged' as const };
  },
};
