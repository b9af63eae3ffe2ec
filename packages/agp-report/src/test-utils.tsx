import { createI18n, I18nProvider, LANGUAGES, type PortalI18n } from '@cgm-portal/i18n';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach } from 'vitest';
import { AgpReport, type AgpReportProps } from './components/agp-report';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

let english: PortalI18n | null = null;

/** One i18n instance with the bundled catalogs, English first (loaded once per test file). */
export async function englishI18n(): Promise<PortalI18n> {
  if (!english) {
    english = createI18n({ languages: LANGUAGES, defaultLanguage: 'en', storage: null, document: null });
    await english.ready;
  }
  return english;
}

/** Renders the report under the English catalog and waits until the catalog is in. Role queries are slow on a report's thousands of SVG nodes: prefer selectors and text. */
export async function renderReport(props: AgpReportProps) {
  const i18n = await englishI18n();
  const result = render(
    <I18nProvider i18n={i18n}>
      <AgpReport {...props} />
    </I18nProvider>,
  );
  const article = await waitFor(() => {
    const node = result.container.querySelector<HTMLElement>('article.agp-report');
    if (!node) throw new Error('report not rendered yet');
    return node;
  });
  return { ...result, article };
}
