import { describe, expect, it } from 'vitest';
import { authoritiesOf, isAuthorized } from './authority';

describe('isAuthorized', () => {
  const held = new Set(['a', 'b']);
  it('needs every allOf', () => {
    expect(isAuthorized(held, { allOf: ['a', 'b'] })).toBe(true);
    expect(isAuthorized(held, { allOf: ['a', 'c'] })).toBe(false);
  });
  it('needs one anyOf', () => {
    expect(isAuthorized(held, { anyOf: ['c', 'b'] })).toBe(true);
    expect(isAuthorized(held, { anyOf: ['c', 'd'] })).toBe(false);
  });
  it('combines both', () => {
    expect(isAuthorized(held, { allOf: ['a'], anyOf: ['x'] })).toBe(false);
    expect(isAuthorized(held, {})).toBe(true);
  });
  it('gives followers no follower-management authority', () => {
    expect(isAuthorized(authoritiesOf(3), { allOf: ['followers:manage'] })).toBe(false);
    expect(isAuthorized(authoritiesOf(2), { allOf: ['followers:manage'] })).toBe(true);
  });
});
