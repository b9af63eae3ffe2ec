import { nodePreset } from '@cgm-portal/vitest-config';

// The reference tests interpolate and check tens of thousands of iglu values; on a loaded 2-core CI
// machine the default 5 s per test is too tight.
export default nodePreset({ testTimeout: 30_000 });
