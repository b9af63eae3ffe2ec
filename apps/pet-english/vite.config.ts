import { variantAppConfig } from '@cgm-portal/vite-config';

export default variantAppConfig({ port: 5173 });
