import { ResponseCode } from '@cgm-portal/api-client/contract';
import { memberToView } from '../access';
import { Problem, randomId, type CallContext, type Deps } from '../http';
import type { MemberRow, NewMember } from '../store/types';
import { memberInfoOf, memberSetingOf } from '../views';

const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
/** Avatar uploads per member per hour: plenty for trying a few pictures, not a disk-filling loop. */
const AVATAR_UPLOADS_PER_HOUR = 20;
const HOUR_MS = 3600_000;
/**
 * Bytes of avatars one member may hold on disk: the avatar in use plus a few uploads in flight.
 * Claimed before a file is written, in one statement, so parallel uploads cannot exceed it.
 */
export const AVATAR_STORAGE_PER_MEMBER = 4 * MAX_AVATAR_BYTES;
const FILES_PREFIX = '/api/files/';

/**
 * Makes `to` the member's avatar, whatever other requests do meanwhile (compare and swap, so each
 * avatar is replaced by exactly one change), then deletes the one it replaced if the member
 * uploaded it: no parallel upload leaves a file behind, and no one can delete another's file.
 */
async function replaceAvatar(deps: Deps, memberId: number, to: string): Promise<void> {
  for (let tries = 0; tries < 20; tries++) {
    const current = (await deps.store.getMember(memberId))?.avatar ?? '';
    if (current === to) return;
    if (!(await deps.store.swapAvatar(memberId, current, to))) continue;
    const previous = ownFilePath(current);
    if (previous) {
      const path = previous.slice(FILES_PREFIX.length);
      const bytes = await deps.store.forgetMemberFile(path, memberId);
      if (bytes !== undefined) {
        await deps.platform.files.remove(path);
        await deps.store.releaseStorage(memberId, bytes);
      }
    }
    return;
  }
  throw new Error('the avatar kept changing under this request');
}

/** Image type from the first bytes, never from the name or the declared type. */
function imageExtension(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) {
    return 'webp';
  }
  return null;
}

/** Keeps only our own file paths (the client may send back the prefixed absolute URL). */
function ownFilePath(avatar: string): string | null {
  if (avatar === '') return '';
  const at = avatar.indexOf('/api/files/memberAvatar/');
  if (at < 0) return null;
  const path = avatar.slice(at);
  return /^\/api\/files\/memberAvatar\/[A-Za-z0-9_-]+\.(png|jpg|gif|webp)$/.test(path) ? path : null;
}

async function settingsResult(deps: Deps, viewer: MemberRow, memberId: number) {
  const member = await memberToView(deps.store, viewer, memberId, deps.now());
  return {
    item: {
      ...memberSetingOf(member),
      memberId: member.id,
      memberName: member.memberName,
      timeZone: member.timeZone,
      petType: member.petType,
    },
  };
}

export const memberCalls = {
  async loadMyMemberInfo({ deps, viewer }: CallContext<'loadMyMemberInfo'>) {
    return { item: { memberInfos: [memberInfoOf(viewer.member, deps.now())] } };
  },

  async saveMemberInfo({ deps, input, viewer }: CallContext<'saveMemberInfo'>) {
    const patch: Partial<NewMember> = { memberName: input.memberName };
    if (input.birthday !== undefined) patch.birthday = input.birthday;
    if (input.gender !== undefined) patch.gender = input.gender;
    if (input.remarks !== undefined) patch.remarks = input.remarks;
    if (input.timeZone !== undefined) patch.timeZone = input.timeZone;
    if (input.diabetesType !== undefined) {
      patch.diabetesType = input.diabetesType;
      // The diagnosis year belongs to a diabetes type; it goes when the type goes (SPEC §3).
      if (input.diabetesType === null || input.diabetesType === 1) patch.diagnosisYear = null;
    }
    if (input.diabetesDiagnosisYear !== undefined && patch.diagnosisYear !== null) {
      patch.diagnosisYear = input.diabetesDiagnosisYear;
    }
    if (input.mobile !== undefined) {
      const mobile = input.mobile === null || input.mobile === '' ? null : input.mobile.replace(/[\s()-]/g, '');
      if (mobile !== null && !/^\+?[0-9]{7,15}$/.test(mobile)) {
        throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'mobile' });
      }
      const holder = mobile === null ? undefined : await deps.store.findMemberByMobile(mobile);
      if (holder && holder.id !== viewer.member.id) {
        throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'mobile' });
      }
      patch.mobile = mobile;
    }
    if (viewer.member.petType !== null || input.petType) {
      if (input.petType !== undefined && input.petType !== null) patch.petType = input.petType;
      if (input.breed !== undefined) patch.breed = input.breed;
      if (input.weight !== undefined) patch.weight = input.weight;
      if (input.insulinType !== undefined) patch.insulinType = input.insulinType;
      if (input.insulinFreq !== undefined) patch.insulinFreq = input.insulinFreq;
      if (input.insulinDose !== undefined) patch.insulinDose = input.insulinDose;
      if (input.syringeType !== undefined) patch.syringeType = input.syringeType;
    }
    let avatar: string | undefined;
    if (input.avatar !== undefined) {
      const path = ownFilePath(input.avatar);
      if (path === null) throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'avatar' });
      avatar = path;
    }
    await deps.store.updateMember(viewer.member.id, patch);
    // A changed or removed avatar goes through the same swap as an upload, so the old file goes.
    if (avatar !== undefined) await replaceAvatar(deps, viewer.member.id, avatar);
    return { message: 'updateSuccessful' as const };
  },

  async loadMemberInfoById(ctx: CallContext<'loadMemberInfoById'>) {
    return settingsResult(ctx.deps, ctx.viewer.member, ctx.input.memberId);
  },

  async loadFollowedMemberInfo(ctx: CallContext<'loadFollowedMemberInfo'>) {
    return settingsResult(ctx.deps, ctx.viewer.member, ctx.input.memberId);
  },

  async uploadImage({ deps, input, viewer }: CallContext<'uploadImage'>) {
    // Counted in the database before any work, in one statement, so a parallel burst cannot pass.
    const uploads = await deps.store.countAttempt(`avatarUpload:${viewer.member.id}`, deps.now(), HOUR_MS);
    if (uploads > AVATAR_UPLOADS_PER_HOUR) throw new Problem(ResponseCode.tooManyAttempts, 'tooManyAttempts');
    const file = input.file;
    if (file.size > MAX_AVATAR_BYTES) throw new Problem(ResponseCode.invalidPayload, 'badFile');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const declared = imageExtension(bytes);
    if (!declared) throw new Problem(ResponseCode.invalidPayload, 'badFile');
    const clean = deps.platform.reencodeImage ? await deps.platform.reencodeImage(bytes) : { bytes, extension: declared };
    if (!clean) throw new Problem(ResponseCode.invalidPayload, 'badFile');
    const { extension } = clean;
    const memberId = viewer.member.id;
    if (!(await deps.store.reserveStorage(memberId, clean.bytes.length, AVATAR_STORAGE_PER_MEMBER))) {
      throw new Problem(ResponseCode.tooManyAttempts, 'storageFull');
    }
    const path = `memberAvatar/${randomId(16)}.${extension}`;
    try {
      await deps.platform.files.save(path, { bytes: clean.bytes, contentType: `image/${extension === 'jpg' ? 'jpeg' : extension}` });
      await deps.store.recordMemberFile(path, memberId, clean.bytes.length);
    } catch (error) {
      await deps.platform.files.remove(path).catch(() => undefined);
      await deps.store.releaseStorage(memberId, clean.bytes.length);
      throw error;
    }
    const fileUrl = `${FILES_PREFIX}${path}`;
    await replaceAvatar(deps, memberId, fileUrl);
    return { item: { fileUrl } };
  },
};
