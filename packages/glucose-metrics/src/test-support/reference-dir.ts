/**
 * Where the iglu reference files are: `CGM_REFERENCE_DIR`, or `shared/reference` beside the
 * repository (the product's shared folder). Read by the reference tests and by vitest.config.ts,
 * which leaves those tests out, saying so, on a clone that has no such folder.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REFERENCE_DIR = process.env.CGM_REFERENCE_DIR
  ? resolve(process.env.CGM_REFERENCE_DIR)
  : resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/reference');
