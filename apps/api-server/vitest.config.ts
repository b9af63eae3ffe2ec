import { nodePreset } from '@cgm-portal/vitest-config';

export default nodePreset({ testTimeout: 30000 });
