import { I18nProvider } from '@cgm-portal/i18n';
import { createVariantSystem, UiProvider } from '@cgm-portal/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { persistQueryCache, restoreQueryCache } from './features/offline/persisted-cache';
import { registerServiceWorker } from './features/pwa/service-worker-registration';
import { PageLocale } from './page-locale';
import { createPortalRouter } from './routes/router';
import { createServices, type PortalServices } from './services';
import { clearOnVersionChange } from './session/local-store';
import { SessionProvider } from './session/session-context';
import { tokenStore } from './session/token-store';
import type { Variant } from './variant';

const appVersion = (import.meta.env as Record<string, string | undefined>).VITE_APP_VERSION ?? '0.0.0';

/** The whole portal as a tree, for an app's main.tsx, Storybook and tests. */
export function PortalRoot({ services, history }: { services: PortalServices; history?: RouterHistory }) {
  const [router] = useState(() => createPortalRouter(services, history));
  return (
    <QueryClientProvider client={services.queryClient}>
      <I18nProvider i18n={services.i18n}>
        <PageLocale>
          <SessionProvider services={services}>
            <RouterProvider router={router} />
          </SessionProvider>
        </PageLocale>
      </I18nProvider>
    </QueryClientProvider>
  );
}

/** What an app mounts: the whole portal configured by its variant. */
export function createPortal(variant: Variant) {
  return {
    mount(element: HTMLElement) {
      clearOnVersionChange(appVersion);
      const services = createServices(variant);
      // The last data first, so the app opens with it offline; then keep it up to date.
      const isRemembered = () => tokenStore.isRemembered();
      restoreQueryCache(services.queryClient, isRemembered);
      persistQueryCache(services.queryClient, isRemembered);
      const system = createVariantSystem(variant.theme);
      createRoot(element).render(
        <StrictMode>
          <UiProvider system={system}>
            <PortalRoot services={services} />
          </UiProvider>
        </StrictMode>,
      );
      registerServiceWorker();
    },
  };
}
