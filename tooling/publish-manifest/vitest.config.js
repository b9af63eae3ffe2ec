import { nodePreset } from '@cgm-portal/vitest-config';

export default nodePreset({ include: ['*.test.js'] });
