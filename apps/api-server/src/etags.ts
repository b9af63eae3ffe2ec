import { digestHex } from './http';
import type { Platform } from './platform/types';

/**
 * A weak ETag from everything an answer is made of (issue 19): the call, its input, the
 * member's fields it shows, the language of its message, and the versions of the readings'
 * days. Never from the time alone: a late back-fill of a past day changes the day's version.
 */
export async function dataEtag(platform: Pick<Platform, 'digestHex'>, parts: readonly (string | number)[]): Promise<string> {
  return `W/"${(await digestHex(platform, 'sha256', parts.join('|'))).slice(0, 32)}"`;
}

/** If-None-Match holds the ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
