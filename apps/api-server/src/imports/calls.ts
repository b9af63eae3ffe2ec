import { requireCgmUser } from '../access';
import type { CallContext } from '../http';
import { telemetry } from '../observability/telemetry';
import { importFile } from './service';

/** The portal's Settings → Import data: the preview writes nothing; the commit writes all or nothing. */
export const importCalls = {
  async previewImport({ deps, input, viewer }: CallContext<'previewImport'>) {
    requireCgmUser(viewer.member);
    const item = await importFile(deps.store, viewer.member.id, input, true);
    telemetry.importFinished('previewed');
    return { item };
  },
  async commitImport({ deps, input, viewer }: CallContext<'commitImport'>) {
    requireCgmUser(viewer.member);
    const item = await importFile(deps.store, viewer.member.id, input, false);
    telemetry.importFinished('committed');
    return { item };
  },
};
