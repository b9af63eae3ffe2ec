import { domPreset } from '@cgm-portal/vitest-config';

export default domPreset();
