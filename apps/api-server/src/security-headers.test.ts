import { describe, expect, it } from 'vitest';
import { isHttpsRequest } from './client-address';
import { securityHeaders } from './security-headers';

// serving.test.ts sees the headers on the wire with no trusted proxy; this is the other side:
// behind a trusted https proxy, pages and API answers pin https (HSTS).
describe('HSTS', () => {
  const page = (hops: number, proto?: string) =>
    securityHeaders('page', isHttpsRequest(new Request('http://127.0.0.1/login', { headers: proto ? { 'X-Forwarded-Proto': proto } : {} }), hops));

  it('is sent behind a trusted proxy that says https, on pages and API answers', () => {
    expect(page(1, 'https')['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(page(1, 'https, http')['Strict-Transport-Security']).toBeDefined();
    expect(securityHeaders('api', true)['Strict-Transport-Security']).toBeDefined();
  });

  it('is never sent over plain http, nor on a client’s own claim of https', () => {
    expect(page(1, 'http')['Strict-Transport-Security']).toBeUndefined();
    expect(page(1)['Strict-Transport-Security']).toBeUndefined();
    expect(page(0, 'https')['Strict-Transport-Security']).toBeUndefined();
  });
});
