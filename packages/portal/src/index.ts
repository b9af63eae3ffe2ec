export type { Variant, LayoutSettings } from './variant';
export { SPEC_LAYOUT_DEFAULTS } from './variant';
export { createPortal, PortalRoot } from './create-portal';
export { createServices } from './services';
export type { PortalServices } from './services';
export { tokenStore } from './session/token-store';
export { PATHS } from './routes/paths';
export { chartLabels } from './features/glucose/chart-labels';
