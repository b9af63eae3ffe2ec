/**
 * The real server for component tests: the API server's own app, its Kysely store on SQLite in
 * WebAssembly seeded with the demo data, answering the api-client's fetch through MSW. Screens
 * tested over it meet the same rules, queries and contract checks as in production. Imported by
 * tests only.
 */
import { createApiClient, type ApiClient } from '@cgm-portal/api-client';
import { createInMemoryApp, DEMO_PASSWORD, type InMemoryAppOptions } from '@cgm-portal/api-server/in-memory';
import { createMswHandlers } from '@cgm-portal/api-server/msw';
import { setupServer } from 'msw/node';

const BASE_URL = 'http://portal.test';

export interface DemoServer {
  /** An api-client signed in as a demo account through the real login call. */
  signIn(email: string, loginType: 2 | 3, options?: { timeZone?: string }): Promise<ApiClient>;
  close(): void;
}

/** Starts the demo server; call in `beforeAll` and `close()` in `afterAll`. */
export async function startDemoServer(options: InMemoryAppOptions = {}): Promise<DemoServer> {
  const app = await createInMemoryApp(options);
  const mock = setupServer(...createMswHandlers(app));
  mock.listen({ onUnhandledRequest: 'error' });
  return {
    async signIn(email, loginType, { timeZone = 'Europe/London' } = {}) {
      let token: string | null = null;
      const api = createApiClient({ baseUrl: BASE_URL, getToken: () => token, getLanguage: () => 'en', getTimeZone: () => timeZone });
      const answer = await api.login({ loginType, email, password: await api.encryptPassword(DEMO_PASSWORD) });
      if (!answer.item) throw new Error(`login of ${email} answered ${answer.code} ${answer.message}`);
      token = answer.item.token;
      return api;
    },
    close: () => mock.close(),
  };
}
