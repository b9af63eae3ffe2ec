import type { UserConfig } from 'vite';

export declare function variantAppConfig(options: { port: number }): UserConfig;
