import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  encryptCredential,
  KEYED_RETRIES,
  LoginExpiredError,
  NetworkError,
  packReadings,
  REQUEST_TIMEOUT_MS,
  toLanCode,
  type ApiClientOptions,
} from './index';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function stub(answer: unknown, options: ApiClientOptions = {}) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), headers: init?.headers as Record<string, string>, body: init?.body });
    return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  });
  const api = createApiClient({ fetch: fetch as typeof globalThis.fetch, ...options });
  return { api, sent };
}

const user = {
  menus: [{ path: '/home', titleKey: 'home' }],
  homePath: '/home',
  memberName: 'Demo',
  memberId: 1,
  avatar: '/api/files/memberAvatar/a.png',
  petType: null,
  accountType: 2,
  email: 'demo@cgm-portal.example',
  mobile: null,
};

describe('createApiClient', () => {
  it('maps the UI language to lanCode', () => {
    expect(toLanCode('zh')).toBe('zh_CN');
    expect(toLanCode('en')).toBe('en_US');
    expect(toLanCode('fr')).toBe('fr');
  });

  it('posts JSON to /api with the three headers and returns the validated item', async () => {
    const { api, sent } = stub(
      { code: 200, message: 'ok', item: user },
      { getToken: () => 'tok', getLanguage: () => 'zh', getTimeZone: () => 'Europe/London', fileServerUrl: 'https://files.example/' },
    );
    const info = await api.getUserInfo();
    expect(sent[0]!.url).toBe('/api/web/user/getUserInfo');
    expect(sent[0]!.headers).toMatchObject({ xToken: 'tok', lanCode: 'zh_CN', timeZone: 'Europe/London' });
    expect(sent[0]!.body).toBe('{}');
    expect(info.homePath).toBe('/home');
    expect(info.avatar).toBe('https://files.example/api/files/memberAvatar/a.png');
  });

  it('leaves out xToken without a token and uses the browser time zone by default', async () => {
    const { api, sent } = stub({ code: 200, message: 'ok', item: { publicKey: 'x'.repeat(120) } });
    await api.getPublicKey();
    expect(sent[0]!.headers.xToken).toBeUndefined();
    expect(sent[0]!.headers.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(sent[0]!.headers.lanCode).toBe('en_US');
  });

  it('treats 501 as success and returns the whole envelope of login', async () => {
    const { api } = stub({ code: 501, message: 'Choose CGM user' });
    const answer = await api.login({ loginType: 3, email: 'a@b.example', password: 'x' });
    expect(answer).toEqual({ code: 501, message: 'Choose CGM user' });
  });

  it('raises the login-expired event on 300 and throws LoginExpiredError', async () => {
    const onLoginExpired = vi.fn();
    const { api } = stub({ code: 300, message: 'expired' }, { onLoginExpired });
    const other = vi.fn();
    const off = api.onLoginExpired(other);
    await expect(api.getUserInfo()).rejects.toBeInstanceOf(LoginExpiredError);
    off();
    await expect(api.getUserInfo()).rejects.toMatchObject({ code: 300 });
    expect(onLoginExpired).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('throws ApiError carrying the server message for other codes', async () => {
    const { api } = stub({ code: 403, message: 'Keine Berechtigung' });
    const error = await api.loadReadings({ from: 1, to: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 403, message: 'Keine Berechtigung' });
  });

  it('rejects answers that break the contract', async () => {
    const { api } = stub({ code: 200, message: 'ok', item: { memberId: 'nope' } });
    await expect(api.loadReadings({ from: 1, to: 2 })).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });

  it('pages with page/rows and reads rows/total', async () => {
    const { api, sent } = stub({ code: 200, message: 'ok', rows: [], total: 42 });
    const page = await api.loadEvents({ page: 2, rows: 20, eventType: 'meal' });
    expect(JSON.parse(sent[0]!.body as string)).toEqual({ page: 2, rows: 20, eventType: 'meal' });
    expect(page).toEqual({ rows: [], total: 42 });
  });

  it('sends files as form data and prefixes the returned file URL', async () => {
    const { api, sent } = stub(
      { code: 200, message: 'ok', item: { fileUrl: '/api/files/memberAvatar/x.png' } },
      { baseUrl: 'http://127.0.0.1:9' },
    );
    const result = await api.uploadImage({ file: new Blob(['png'], { type: 'image/png' }), subPath: 'memberAvatar' });
    expect(sent[0]!.body).toBeInstanceOf(FormData);
    expect(sent[0]!.headers['Content-Type']).toBeUndefined();
    expect((sent[0]!.body as FormData).get('subPath')).toBe('memberAvatar');
    expect(result.fileUrl).toBe('http://127.0.0.1:9/api/files/memberAvatar/x.png');
  });

  it('sends an import file as the raw body, its fields in the query, never inside JSON', async () => {
    const summary = { format: 'clarity', timeZone: 'Europe/London', dateOrder: null, dryRun: true, readings: { added: 1, duplicates: 0 }, events: { added: 0, duplicates: 0 }, ignored: 0, rejectedTotal: 0, rejected: [], first: null, last: null };
    const { api, sent } = stub({ code: 200, message: 'ok', item: summary }, { baseUrl: 'http://127.0.0.1:9' });
    const file = new Blob(['Index,Timestamp\r\n']);
    expect(await api.previewImportFile({ fileName: 'clarity & co.csv', timeZone: 'Europe/London', file })).toEqual(summary);
    expect(sent[0]!.url).toBe('http://127.0.0.1:9/api/web/dataTransfer/previewImportFile?fileName=clarity+%26+co.csv&timeZone=Europe%2FLondon');
    expect(sent[0]!.body).toBe(file);
    expect(sent[0]!.headers['Content-Type']).toBe('application/octet-stream');
    await expect(api.call('commitImportFile', { timeZone: 'UTC' } as never)).rejects.toThrow(TypeError);
  });

  describe('event creation (idempotency keys)', () => {
    const time = Date.UTC(2026, 10, 24, 12);
    const entry = { time, note: 'lunch', detail: { eventType: 'BG' as const, mgdl: 123 } };
    const stored = { id: 7, memberId: 1, eventType: 'BG', time, note: 'lunch', description: '123 mg/dL', detail: entry.detail };
    const keyOf = (body: unknown) => (JSON.parse(String(body)) as { idempotencyKey?: string }).idempotencyKey;

    it('gives each submission a fresh key and keeps one the caller brings', async () => {
      const { api, sent } = stub({ code: 200, message: 'ok', item: stored });
      await api.addEvent(entry);
      await api.addEvent(entry);
      await api.addEvent({ ...entry, idempotencyKey: 'form-entry-0123456789' });
      const keys = sent.map((s) => keyOf(s.body));
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).not.toBe(keys[0]);
      expect(keys[2]).toBe('form-entry-0123456789');
    });

    it('sends a submission whose answer was lost again with the same key, and a refused one never', async () => {
      const bodies: unknown[] = [];
      let lost = 2;
      const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
        bodies.push(init?.body);
        if (lost-- > 0) throw new TypeError('fetch failed');
        return new Response(JSON.stringify({ code: 200, message: 'ok', item: stored }));
      });
      const api = createApiClient({ fetch: fetch as typeof globalThis.fetch });
      expect(await api.addEvent(entry)).toMatchObject({ id: 7 });
      expect(bodies).toHaveLength(1 + KEYED_RETRIES);
      expect(new Set(bodies.map(keyOf)).size).toBe(1);

      lost = KEYED_RETRIES + 1;
      bodies.length = 0;
      await expect(api.addEvent(entry)).rejects.toBeInstanceOf(NetworkError);
      expect(bodies).toHaveLength(1 + KEYED_RETRIES);

      const refused = stub({ code: 400, message: 'Invalid value for field "time"' });
      await expect(refused.api.addEvent(entry)).rejects.toBeInstanceOf(ApiError);
      expect(refused.sent).toHaveLength(1);
      // Calls without a key are sent once, as before.
      const offline = vi.fn(async () => {
        throw new TypeError('fetch failed');
      });
      await expect(createApiClient({ fetch: offline as typeof globalThis.fetch }).getUserInfo()).rejects.toBeInstanceOf(NetworkError);
      expect(offline).toHaveBeenCalledTimes(1);
    });
  });

  it('adds internalXToken only to report calls', async () => {
    const { api, sent } = stub({ code: 403, message: 'no' }, { getInternalXToken: () => 'inner' });
    await api.loadReport({ from: 1, to: 2 }).catch(() => undefined);
    await api.loadReadings({ from: 1, to: 2 }).catch(() => undefined);
    expect(sent[0]!.url).toBe('/api/web/userReport/loadReport?internalXToken=inner');
    expect(sent[1]!.url).toBe('/api/web/glucose/loadReadings');
  });

  it('times out after REQUEST_TIMEOUT_MS', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(600000);
    vi.useFakeTimers();
    try {
      const fetch = (_: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      const api = createApiClient({ fetch: fetch as typeof globalThis.fetch });
      const pending = api.getUserInfo().catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(await pending).toBeInstanceOf(NetworkError);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('revalidation with ETags (issue 19)', () => {
  const packed = { memberId: 1, timeZone: 'Europe/London', readings: packReadings([{ time: 1_767_225_600_000, mgdl: 120 }], 1_767_225_600_000) };
  const span = { from: 1_767_225_600_000, to: 1_767_312_000_000 };

  function server(token: { value: string }) {
    const sent: Record<string, string>[] = [];
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const headers = init?.headers as Record<string, string>;
      sent.push(headers);
      if (headers['If-None-Match'] === 'W/"v1"') return new Response(null, { status: 304, headers: { ETag: 'W/"v1"' } });
      return new Response(JSON.stringify({ code: 200, message: 'ok', item: packed }), { headers: { 'Content-Type': 'application/json', ETag: 'W/"v1"' } });
    });
    const api = createApiClient({ fetch: fetch as typeof globalThis.fetch, getToken: () => token.value });
    return { api, sent };
  }

  it('asks again with If-None-Match and answers a 304 with the kept answer', async () => {
    const { api, sent } = server({ value: 'tok' });
    const first = await api.loadPackedReadings(span);
    expect(sent[0]!['If-None-Match']).toBeUndefined();
    const again = await api.loadPackedReadings(span);
    expect(sent[1]!['If-None-Match']).toBe('W/"v1"');
    expect(again).toEqual(first);
    expect(again.readings).toEqual([{ time: 1_767_225_600_000, mgdl: 120 }]);
    // Another span is another answer.
    await api.loadPackedReadings({ ...span, to: span.to + 1 });
    expect(sent[2]!['If-None-Match']).toBeUndefined();
  });

  it('keeps nothing across sessions', async () => {
    const token = { value: 'first' };
    const { api, sent } = server(token);
    await api.loadPackedReadings(span);
    token.value = 'second';
    await api.loadPackedReadings(span);
    expect(sent[1]!['If-None-Match']).toBeUndefined();
  });
});

describe('encryptCredential', () => {
  it('produces PKCS#1 v1.5 ciphertext that the private key opens', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const encrypted = await encryptCredential(pem, 'Demo-1234');
    // Node refuses PKCS#1 v1.5 private decryption (CVE-2023-46809); unpad by hand here.
    const raw = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(encrypted, 'base64'));
    expect(raw[0]).toBe(0);
    expect(raw[1]).toBe(2);
    expect(raw.subarray(raw.indexOf(0, 2) + 1).toString()).toBe('Demo-1234');
  });
});

describe('typed methods', () => {
  it('let the payload out when every field is optional, and not otherwise', () => {
    const { api } = stub({ code: 200, message: 'ok', rows: [], total: 0 });
    void api.getDeviceList().catch(() => undefined);
    void api.loadEvents().catch(() => undefined);
    // @ts-expect-error loadReadings needs a span
    void api.loadReadings().catch(() => undefined);
    expect(true).toBe(true);
  });
});
