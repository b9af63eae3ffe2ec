export { createVariantSystem } from './system';
export type { VariantTokens, VariantSystem, VariantSystemOptions } from './system';
export { UiProvider } from './provider';
export { Toaster, toaster } from './toaster';
export { ConfirmDialog } from './confirm-dialog';
export { ErrorAlert } from './error-alert';
export type { ConfirmDialogProps } from './confirm-dialog';
export * from './icons';
