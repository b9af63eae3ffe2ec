import { createApiClient, QUERY_INTERNAL_TOKEN, type ApiClient } from '@cgm-portal/api-client';
import { createI18n, type PortalI18n } from '@cgm-portal/i18n';
import { QueryClient } from '@tanstack/react-query';
import { loginExpiredSignal } from './session/login-expired';
import { tokenStore } from './session/token-store';
import type { Variant } from './variant';

/** Everything a screen may reach for, created once per app start. */
export interface PortalServices {
  variant: Variant;
  api: ApiClient;
  queryClient: QueryClient;
  i18n: PortalI18n;
  /** Origin (and prefix) of the server; '' for the app's own origin. The live stream needs it. */
  apiBaseUrl: string;
}

/** Build-time configuration of where the API and its files live (README "Pointing an app at another API"). */
function env(name: 'VITE_API_BASE_URL' | 'VITE_FILE_SERVER_URL'): string | undefined {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  return value ? value : undefined;
}

/** Only report pages may carry a token in their query (spec §2); it is never stored. */
function internalXTokenOfReportPage(): string | null {
  if (typeof window === 'undefined') return null;
  const { pathname, search } = window.location;
  if (!/^\/(report\/[^/]+|reportPdf)\/[^/]+$/.test(pathname)) return null;
  return new URLSearchParams(search).get(QUERY_INTERNAL_TOKEN);
}

export function createServices(variant: Variant): PortalServices {
  const i18n = createI18n({ languages: variant.languages, defaultLanguage: variant.defaultLanguage });
  const apiBaseUrl = env('VITE_API_BASE_URL') ?? '';
  const api = createApiClient({
    baseUrl: apiBaseUrl,
    fileServerUrl: env('VITE_FILE_SERVER_URL'),
    getToken: () => tokenStore.get(),
    getInternalXToken: internalXTokenOfReportPage,
    getLanguage: () => i18n.language(),
    onLoginExpired: () => loginExpiredSignal.raise(),
  });
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx-like business error will not heal by itself; network errors get one retry.
        retry: (count, error) => count < 1 && (error as { code?: number }).code === 0,
      },
    },
  });
  return { variant, api, queryClient, i18n, apiBaseUrl };
}
