import { describe, expect, it } from 'vitest';
import { isPublicPath, loginRedirectFor, pageTitle, safeFromPath } from './paths';

describe('isPublicPath', () => {
  it('knows the public routes of spec §2', () => {
    for (const p of ['/login', '/forget', '/reportPdf/abc', '/doctorDetail/12', '/report/en/x', '/report/fa/x', '/report/hy/x']) {
      expect(isPublicPath(p), p).toBe(true);
    }
  });
  it('keeps member screens and unknown report languages private', () => {
    for (const p of ['/home', '/report', '/follower', '/user/profile', '/report/de/x', '/report/en']) {
      expect(isPublicPath(p), p).toBe(false);
    }
  });
});

describe('loginRedirectFor', () => {
  it('carries the original path in from', () => {
    expect(loginRedirectFor('/report?days=14')).toEqual({ to: '/login', search: { from: '/report?days=14' } });
  });
  it('omits from for /', () => {
    expect(loginRedirectFor('/')).toEqual({ to: '/login', search: {} });
  });
});

describe('safeFromPath', () => {
  it('follows portal paths only', () => {
    expect(safeFromPath('/follower')).toBe('/follower');
    expect(safeFromPath('https://evil.example')).toBeNull();
    expect(safeFromPath('//evil.example')).toBeNull();
    expect(safeFromPath('/login?from=/x')).toBeNull();
    expect(safeFromPath(undefined)).toBeNull();
  });
});

describe('pageTitle', () => {
  it('puts the route title before the portal name', () => {
    expect(pageTitle('Glucose Report', 'CGM Portal')).toBe('Glucose Report – CGM Portal');
    expect(pageTitle(undefined, 'CGM Portal')).toBe('CGM Portal');
  });
});
