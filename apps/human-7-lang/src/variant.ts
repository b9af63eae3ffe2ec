import { SPEC_LAYOUT_DEFAULTS, type Variant } from '@cgm-portal/portal/variant';

/** People with diabetes; 7 languages (spec §1), Chinese by default (spec §4). */
export const variant: Variant = {
  id: 'human-7-lang',
  portalName: 'GlucoView',
  logoText: 'GlucoView',
  languages: ['zh', 'cs', 'en', 'fr', 'it', 'pt', 'es'],
  defaultLanguage: 'zh',
  profileForm: 'human',
  theme: {
    brand: {
      '50': '#eef0fb', '100': '#d6dbf5', '200': '#b3bbec', '300': '#8893e0', '400': '#636dd3',
      '500': '#4a50c4', '600': '#3c3fa8', '700': '#323487', '800': '#2a2c6c', '900': '#222354', '950': '#141433',
    },
    sidebarBg: '#1b1c3a',
    sidebarFg: '#eceefd',
    headerBg: '#ffffff',
    pageBg: '#f5f5fb',
  },
  layout: SPEC_LAYOUT_DEFAULTS,
};
