export type { Variant } from './variant';
export { createPortal, PortalRoot } from './create-portal';
export { createServices } from './services';
export type { PortalServices } from './services';
