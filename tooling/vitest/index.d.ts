import type { UserConfig } from 'vitest/config';

export declare const nodePreset: (overrides?: NonNullable<UserConfig['test']>) => UserConfig;
export declare const domPreset: (overrides?: NonNullable<UserConfig['test']>) => UserConfig;
