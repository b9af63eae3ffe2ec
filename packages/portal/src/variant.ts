import type { LanguageCode } from '@cgm-portal/i18n';
import type { VariantTokens } from '@cgm-portal/ui';

/** How the main layout is arranged (spec §2 Layout, "Theme defaults"). */
export interface LayoutSettings {
  sidebarTheme: 'dark' | 'light';
  headerTheme: 'light' | 'dark';
  mode: 'side' | 'top';
  fixedSidebar: boolean;
  fixedHeader: boolean;
  showFooter: boolean;
}

/** Spec §2: dark side bar, light head, side layout, fixed sidebar and body, footer shown. */
export const SPEC_LAYOUT_DEFAULTS: LayoutSettings = {
  sidebarTheme: 'dark',
  headerTheme: 'light',
  mode: 'side',
  fixedSidebar: true,
  fixedHeader: true,
  showFooter: true,
};

/**
 * A build-time variant (ARCHITECTURE "A variant is data"): everything that differs between
 * the three apps. A fourth variant is one more app folder with one of these.
 */
export interface Variant {
  id: string;
  /** Shown after the route title in the page title, and in the head bar. */
  portalName: string;
  /** The text logo in the side bar and on the sign-in page. */
  logoText: string;
  /** Exactly the languages this variant offers (spec §1). */
  languages: readonly LanguageCode[];
  /** Used when nothing (or an unknown language) is stored (spec §4). */
  defaultLanguage: LanguageCode;
  /** Which profile form the member fills in (spec §3). */
  profileForm: 'human' | 'pet';
  theme: VariantTokens;
  layout: LayoutSettings;
}
