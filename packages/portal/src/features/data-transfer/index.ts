export { DataTransferPanel } from './data-transfer-panel';
export { UploadSecretPanel } from './upload-secret-panel';
