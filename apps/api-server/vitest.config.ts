import { nodePreset } from '@cgm-portal/vitest-config';

// The HTTP tests start the real server (seeding 90 days of readings) in beforeAll.
export default nodePreset({ testTimeout: 30000, hookTimeout: 60000 });
