import { SPEC_LAYOUT_DEFAULTS, type Variant } from '@cgm-portal/portal/variant';

/** Owners of diabetic cats and dogs; English only (spec §1), pet profile form. */
export const variant: Variant = {
  id: 'pet-english',
  portalName: 'PawGlucose',
  logoText: 'PawGlucose',
  languages: ['en'],
  defaultLanguage: 'en',
  profileForm: 'pet',
  theme: {
    brand: {
      '50': '#fff4e8', '100': '#ffe2c2', '200': '#ffc98f', '300': '#fba85a', '400': '#f28a2e',
      '500': '#dd6f12', '600': '#b8590c', '700': '#93460b', '800': '#75380d', '900': '#5c2d0d', '950': '#361905',
    },
    sidebarBg: '#2d1f14',
    sidebarFg: '#fbefe4',
    headerBg: '#ffffff',
    pageBg: '#fbf7f2',
    headingFont: "'Trebuchet MS', 'Noto Sans', system-ui, sans-serif",
  },
  layout: SPEC_LAYOUT_DEFAULTS,
};
