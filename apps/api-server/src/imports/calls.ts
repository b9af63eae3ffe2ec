import { ResponseCode } from '@cgm-portal/api-client/contract';
import { requireCgmUser } from '../access';
import { Problem, randomId, type CallContext, type Deps } from '../http';
import { telemetry } from '../observability/telemetry';
import { importFile } from './service';
import { readUploadText } from './upload';

/**
 * Longest an import may hold its member's lease. Far beyond any real import (a 47 MB file takes
 * seconds); it only matters when a server dies mid-import, so the member is not locked out for good.
 */
const IMPORT_LEASE_MS = 10 * 60 * 1000;

/**
 * One import (preview or commit) per member at a time: each holds most of a file in memory, so
 * a member sending ten at once would multiply that. The lease is a database row claimed in one
 * statement, so parallel requests, restarts and several servers all see the same one.
 */
async function alone<T>(deps: Deps, memberId: number, work: () => Promise<T>): Promise<T> {
  const key = `import:${memberId}`;
  const holder = randomId(12);
  if (!(await deps.store.claimLease(key, holder, deps.now(), IMPORT_LEASE_MS))) {
    telemetry.importFinished('refused');
    throw new Problem(ResponseCode.conflict, 'importRunning');
  }
  try {
    return await work();
  } finally {
    await deps.store.releaseLease(key, holder);
  }
}

/** The portal's Settings → Import data: the preview writes nothing; the commit writes all or nothing. */
export const importCalls = {
  async previewImport({ deps, input, viewer }: CallContext<'previewImport'>) {
    requireCgmUser(viewer.member);
    const item = await alone(deps, viewer.member.id, () => importFile(deps.store, viewer.member.id, input, true));
    telemetry.importFinished('previewed');
    return { item };
  },
  async commitImport({ deps, input, viewer }: CallContext<'commitImport'>) {
    requireCgmUser(viewer.member);
    const item = await alone(deps, viewer.member.id, () => importFile(deps.store, viewer.member.id, input, false));
    telemetry.importFinished('committed');
    return { item };
  },
  // The upload calls: the lease is taken before the file is read, so a member's parallel uploads
  // are refused before any of them is held in memory.
  async previewImportFile({ deps, input, viewer, upload }: CallContext<'previewImportFile'>) {
    requireCgmUser(viewer.member);
    const item = await alone(deps, viewer.member.id, async () => importFile(deps.store, viewer.member.id, { text: await readUploadText(upload), timeZone: input.timeZone }, true, 'file'));
    telemetry.importFinished('previewed');
    return { item };
  },
  async commitImportFile({ deps, input, viewer, upload }: CallContext<'commitImportFile'>) {
    requireCgmUser(viewer.member);
    const item = await alone(deps, viewer.member.id, async () => importFile(deps.store, viewer.member.id, { text: await readUploadText(upload), timeZone: input.timeZone }, false, 'file'));
    telemetry.importFinished('committed');
    return { item };
  },
};
