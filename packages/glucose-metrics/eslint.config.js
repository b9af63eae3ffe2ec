export { base as default } from '@cgm-portal/eslint-config';
