import { SPEC_LAYOUT_DEFAULTS, type Variant } from '@cgm-portal/portal/variant';

/** People with diabetes; 16 languages (spec §1), English by default (spec §4). */
export const variant: Variant = {
  id: 'human-16-lang',
  portalName: 'CGM Portal',
  logoText: 'CGM Portal',
  languages: ['hy', 'ar', 'bg', 'zh', 'hr', 'cs', 'en', 'fa', 'fr', 'hu', 'mk', 'pt', 'sr', 'sk', 'sl', 'tr'],
  defaultLanguage: 'en',
  profileForm: 'human',
  theme: {
    brand: {
      '50': '#e6f4f1', '100': '#c2e4dc', '200': '#95d1c4', '300': '#5fbaa8', '400': '#2fa38d',
      '500': '#0f8b75', '600': '#0b7563', '700': '#095f51', '800': '#084b41', '900': '#063a33', '950': '#03231f',
    },
    sidebarBg: '#0f2530',
    sidebarFg: '#e7f0f3',
    headerBg: '#ffffff',
    pageBg: '#f4f7f8',
  },
  layout: SPEC_LAYOUT_DEFAULTS,
};
