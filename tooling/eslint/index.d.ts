import type { Linter } from 'eslint';

export declare const base: Linter.Config[];
export declare const react: Linter.Config[];
declare const config: Linter.Config[];
export default config;
