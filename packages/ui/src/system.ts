import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * What a variant may choose about the look. Clinical range colours are not here on purpose:
 * they belong to `@cgm-portal/charts`, so no variant can restyle what "very low" looks like.
 */
export interface VariantTokens {
  /** Eleven shades (50..950) of the brand colour used for buttons, links and focus rings. */
  brand: Record<'50' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900' | '950', string>;
  /** Side bar background (spec §2 Layout: dark side bar by default). */
  sidebarBg: string;
  /** Side bar text colour, chosen for WCAG AA contrast against `sidebarBg`. */
  sidebarFg: string;
  /** Head bar background (spec: light head). */
  headerBg: string;
  /** Page background. */
  pageBg: string;
  /** Heading font stack. */
  headingFont?: string;
}

const bodyFont =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Armenian', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

/** Where a system's token variables apply. */
export interface VariantSystemOptions {
  /**
   * CSS selector the token variables are written on. The portal uses the page root (default);
   * a page that shows several variants side by side (Storybook's swatches) scopes each to its
   * own box, or the last provider's colours would paint them all.
   */
  cssVarsRoot?: string;
}

/**
 * Builds the Chakra v3 system of one variant from its tokens.
 *
 * @example
 * const system = createVariantSystem(variant.theme);
 * <UiProvider system={system}><App /></UiProvider>
 */
export function createVariantSystem(tokens: VariantTokens, options: VariantSystemOptions = {}) {
  const brand = Object.fromEntries(Object.entries(tokens.brand).map(([k, v]) => [k, { value: v }]));
  return createSystem(
    defaultConfig,
    defineConfig({
      ...(options.cssVarsRoot ? { cssVarsRoot: options.cssVarsRoot } : {}),
      // A scoped system leaves the page itself to the page's own system.
      globalCss: options.cssVarsRoot ? {} : { 'html, body': { bg: 'page.bg' } },
      theme: {
        tokens: {
          colors: { brand },
          fonts: {
            body: { value: bodyFont },
            heading: { value: tokens.headingFont ?? bodyFont },
          },
        },
        semanticTokens: {
          colors: {
            brand: {
              solid: { value: '{colors.brand.600}' },
              contrast: { value: 'white' },
              fg: { value: '{colors.brand.700}' },
              muted: { value: '{colors.brand.100}' },
              subtle: { value: '{colors.brand.50}' },
              emphasized: { value: '{colors.brand.200}' },
              focusRing: { value: '{colors.brand.500}' },
            },
            sidebar: {
              bg: { value: tokens.sidebarBg },
              fg: { value: tokens.sidebarFg },
            },
            header: { bg: { value: tokens.headerBg } },
            page: { bg: { value: tokens.pageBg } },
          },
        },
      },
    }),
  );
}

export type VariantSystem = ReturnType<typeof createVariantSystem>;
