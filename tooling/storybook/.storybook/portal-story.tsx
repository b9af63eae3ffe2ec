import type { LanguageCode } from '@cgm-portal/i18n';
import { createServices, PortalRoot, tokenStore, type PortalServices } from '@cgm-portal/portal';
import type { Decorator, Loader, StoryContext } from '@storybook/react-vite';
import { createMemoryHistory } from '@tanstack/react-router';
import type { RequestHandler } from 'msw';
import { toolbarLanguage } from './language';
import { applyStoryHandlers } from './msw';
import { variants } from './variants';

/** Demo accounts of the in-memory server (apps/api-server/README.md). */
export const DEMO = {
  human: { email: 'demo@cgm-portal.example', loginType: 2 },
  pet: { email: 'pet@cgm-portal.example', loginType: 2 },
  follower: { email: 'follower@cgm-portal.example', loginType: 3 },
} as const;
const DEMO_PASSWORD = 'Demo-1234';

export interface PortalStoryParameters {
  /** The path the portal opens at. */
  path: string;
  /** Signed in as this demo account; none for public pages. */
  account?: keyof typeof DEMO;
  language?: LanguageCode;
  /** MSW handlers that win over the server's (loading, empty, error states). */
  handlers?: RequestHandler[];
}

/**
 * Loads the whole portal of the story's variant at `path`, signed in through the real login
 * call, with the data of the in-memory server. Stories are thin: parameters only.
 */
export const portalLoader: Loader = async (context: StoryContext) => {
  const params = context.parameters.portal as PortalStoryParameters | undefined;
  if (!params) return {};
  await applyStoryHandlers(params.handlers);
  const variantId = (context.globals.variant as string) ?? 'human-16-lang';
  const variant = variants[variantId]!;
  // The toolbar's language wins over the story's own; the portal reads it as a stored choice.
  localStorage.setItem('hippoLang', toolbarLanguage(context) ?? params.language ?? variant.defaultLanguage);
  tokenStore.clear();
  const services = createServices(variant);
  if (params.account) {
    const { email, loginType } = DEMO[params.account];
    // Sign in without the story's own handlers in the way.
    await applyStoryHandlers(undefined);
    const response = await services.api.login({ loginType, email, password: await services.api.encryptPassword(DEMO_PASSWORD) });
    if (response.item) tokenStore.set(response.item.token, false);
    await applyStoryHandlers(params.handlers);
  }
  return { services, path: params.path };
};

export const withPortal: Decorator = (Story, context) => {
  const { services, path } = context.loaded as { services?: PortalServices; path?: string };
  if (!services || !path) return <Story />;
  return <PortalRoot key={context.id} services={services} history={createMemoryHistory({ initialEntries: [path] })} />;
};
