/**
 * Characters no name, note or label needs, refused in every call's payload (one layer for the
 * whole contract, http.ts): C0 and C1 control characters except tab and line breaks, DEL, and
 * the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that
 * let a name display as something else ("Trojan Source"). Arabic and Persian text needs none
 * of them: the portal isolates values itself.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** True when `text` holds a character no name, note or label needs (above). */
export const hasUnsafeText = (text: string): boolean => UNSAFE.test(text);

/** The path of the first string (or key) in `value` holding an unsafe character, or null. */
export function unsafeTextPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return UNSAFE.test(value) ? path.join('.') || 'body' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UNSAFE.test(key)) return [...path, 'key'].join('.');
      const found = unsafeTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

const zones = new Map<string, boolean>();
/** An IANA time zone name this runtime knows (the timeZone header). */
export function isKnownTimeZone(zone: string): boolean {
  let known = zones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = zone.length <= 64;
    } catch {
      known = false;
    }
    if (zones.size < 1000) zones.set(zone, known);
  }
  return known;
}
