import { existsSync } from 'node:fs';
import { configDefaults } from 'vitest/config';
import { nodePreset } from '@cgm-portal/vitest-config';
import { REFERENCE_DIR } from './src/test-support/reference-dir.js';

// The agreement with iglu needs its reference files, which live outside the repository
// (../shared/reference, or CGM_REFERENCE_DIR). A clone without them runs every other test and
// says plainly which two suites it left out, rather than failing on a missing file.
const hasReference = existsSync(REFERENCE_DIR);
if (!hasReference) {
  console.warn(
    `\n[glucose-metrics] iglu reference data not found at ${REFERENCE_DIR}: src/reference*.test.ts (the iglu agreement suites) are left out. Set CGM_REFERENCE_DIR to the folder to run them.\n`,
  );
}

// The reference tests interpolate and check tens of thousands of iglu values; on a loaded 2-core CI
// machine the default 5 s per test is too tight.
export default nodePreset({
  testTimeout: 30_000,
  exclude: hasReference ? configDefaults.exclude : [...configDefaults.exclude, 'src/reference.test.ts', 'src/reference-grid.test.ts', 'src/reference-indices.test.ts'],
});
