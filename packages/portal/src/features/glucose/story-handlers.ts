import { packReadings } from '@cgm-portal/api-client';
import { http, HttpResponse } from 'msw';

/**
 * MSW overrides for the loading, empty and error states of the CGM screens' stories; the
 * filled state is the in-memory server's own demo data (tooling/storybook portal-story).
 */
export const storyHandlers = {
  /** The call never answers: the screen stays in its loading state. */
  loading: (path: string) => http.post(`*/api${path}`, () => new Promise<never>(() => {})),
  /** The server fails with its message: the screen shows it with a retry. */
  error: (path: string) => http.post(`*/api${path}`, () => HttpResponse.json({ code: 500, message: 'Sorry, the server reported an error' })),
  /** No readings in any span. */
  noReadings: () =>
    http.post('*/api/web/glucose/loadPackedReadings', () =>
      HttpResponse.json({ code: 200, message: 'OK', item: { memberId: 1, timeZone: 'Europe/London', readings: packReadings([], Date.now()) } }),
    ),
  /** An empty page of a paged call. */
  emptyPage: (path: string) => http.post(`*/api${path}`, () => HttpResponse.json({ code: 200, message: 'OK', rows: [], total: 0 })),
};

/** Story parameters of a screen of the whole portal (see tooling/storybook/.storybook/portal-story.tsx). */
export interface CgmScreenStory {
  parameters: { portal: { path: string; account?: 'human' | 'pet'; language?: string; handlers?: unknown[] } };
  globals?: { variant: string };
}

/** The states every CGM screen is reviewed in, for one path and the calls its data comes from. */
export function screenStates(path: string, dataPaths: readonly string[], empty: readonly unknown[]): Record<string, CgmScreenStory> {
  const human = { path, account: 'human' as const };
  const pet = { path, account: 'pet' as const };
  return {
    Filled: { parameters: { portal: human } },
    Loading: { parameters: { portal: { ...human, handlers: dataPaths.map(storyHandlers.loading) } } },
    Empty: { parameters: { portal: { ...human, handlers: [...empty] } } },
    Error: { parameters: { portal: { ...human, handlers: dataPaths.map(storyHandlers.error) } } },
    Chinese: { parameters: { portal: { ...human, language: 'zh' } }, globals: { variant: 'human-7-lang' } },
    Arabic: { parameters: { portal: { ...human, language: 'ar' } }, globals: { variant: 'human-16-lang' } },
    Pet: { parameters: { portal: pet }, globals: { variant: 'pet-english' } },
  };
}
