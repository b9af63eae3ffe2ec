import { requireCgmUser } from '../access';
import type { CallContext } from '../http';
import { importFile } from './service';

/** The portal's Settings → Import data: the preview writes nothing; the commit writes all or nothing. */
export const importCalls = {
  async previewImport({ deps, input, viewer }: CallContext<'previewImport'>) {
    requireCgmUser(viewer.member);
    return { item: await importFile(deps.store, viewer.member.id, input, true) };
  },
  async commitImport({ deps, input, viewer }: CallContext<'commitImport'>) {
    requireCgmUser(viewer.member);
    return { item: await importFile(deps.store, viewer.member.id, input, false) };
  },
};
