import { domPreset } from '@cgm-portal/vitest-config';

// Role queries over a 100-row data table are slow in jsdom on a busy 2-core machine.
export default domPreset({ testTimeout: 20_000 });
