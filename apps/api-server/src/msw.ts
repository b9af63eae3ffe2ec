import { http } from 'msw';

/** Anything with a fetch handler: the Hono app from createInMemoryApp. */
export interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * MSW handlers that hand every /api request to the server's own app: no second imitation of
 * the server. `setupWorker(...createMswHandlers(await createInMemoryApp()))` in Storybook,
 * `setupServer(...)` in Vitest.
 */
export function createMswHandlers(app: FetchApp) {
  return [http.all('*/api/*', ({ request }) => app.fetch(request))];
}
