export { react as default } from '@cgm-portal/eslint-config';
