/**
 * What the portal's component tests share: jsdom's missing browser parts, a plain variant, and
 * one way to mount a screen inside the providers the portal gives it (theme, query cache,
 * language, session), with or without a router at a URL. Imported by tests only, never by the
 * package's index.
 */
import type { ApiClient } from '@cgm-portal/api-client';
import { I18nProvider, type LanguageCode } from '@cgm-portal/i18n';
import { createTestI18n } from '@cgm-portal/i18n/testing';
import { createVariantSystem, UiProvider } from '@cgm-portal/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  type AnySchema,
  type RouteComponent,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { PageLocale } from '../page-locale';
import type { PortalServices } from '../services';
import { SessionProvider } from '../session/session-context';
import { SPEC_LAYOUT_DEFAULTS, type Variant } from '../variant';

/** What Chakra and the router ask of the browser and jsdom lacks. Call in `beforeAll`. */
export function installBrowserShims(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollTo ??= () => {};
  // jsdom has the method but only logs "not implemented"; the router scrolls on navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
}

export const testVariant: Variant = {
  id: 'test',
  portalName: 'CGM Portal',
  logoText: 'CGM Portal',
  languages: ['en'],
  defaultLanguage: 'en',
  profileForm: 'human',
  theme: { brand: {}, sidebarBg: '#000', sidebarFg: '#fff', headerBg: '#fff', pageBg: '#fff' } as Variant['theme'],
  layout: SPEC_LAYOUT_DEFAULTS,
};

/** A stand-in api: only the calls a test names; any other call fails loudly as "not a function". */
export type StandInApi = Partial<Record<keyof ApiClient, unknown>>;

/** Renders `ui` inside the portal's providers, in `lang` (English unless told), over `api`. */
export async function mountInPortal(ui: ReactNode, api: StandInApi, lang: LanguageCode = 'en') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = await createTestI18n(lang);
  const services = { variant: testVariant, api: api as unknown as ApiClient, queryClient, i18n, apiBaseUrl: '' } as PortalServices;
  render(
    <UiProvider system={createVariantSystem(testVariant.theme)}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>
          <PageLocale>
            <SessionProvider services={services}>{ui}</SessionProvider>
          </PageLocale>
        </I18nProvider>
      </QueryClientProvider>
    </UiProvider>,
  );
  return { queryClient, services };
}

/**
 * One screen under a route with the portal's path and search validator, opened at `url` as a
 * reload or a shared link would open it.
 */
export async function openScreenAt(
  url: string,
  screen: { path: string; validateSearch: (search: Record<string, unknown>) => AnySchema; component: RouteComponent },
  api: StandInApi,
) {
  const rootRoute = createRootRoute();
  const mainRoute = createRoute({ getParentRoute: () => rootRoute, id: 'main' });
  const screenRoute = createRoute({ getParentRoute: () => mainRoute, ...screen });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: rootRoute.addChildren([mainRoute.addChildren([screenRoute])]), history });
  const mounted = await mountInPortal(<RouterProvider router={router} />, api);
  return { ...mounted, router, history };
}
