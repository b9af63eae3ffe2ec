export { createVariantSystem } from './system';
export type { VariantTokens, VariantSystem } from './system';
export { UiProvider } from './provider';
