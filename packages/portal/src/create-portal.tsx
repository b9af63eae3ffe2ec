import { createVariantSystem, UiProvider } from '@cgm-portal/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Variant } from './variant';

/** What an app mounts: the whole portal configured by its variant. */
export function createPortal(variant: Variant) {
  const system = createVariantSystem(variant.theme);
  return {
    mount(element: HTMLElement) {
      createRoot(element).render(
        <StrictMode>
          <UiProvider system={system}>
            <p>{variant.portalName}</p>
          </UiProvider>
        </StrictMode>,
      );
    },
  };
}
