export type { Variant } from './variant';
export { createPortal } from './create-portal';
