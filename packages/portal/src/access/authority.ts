/**
 * Role and authority checks (spec §6): an element shows only when the user holds all of
 * `allOf` and at least one of `anyOf` (an empty list is no condition).
 */
export interface AuthorityRule {
  allOf?: readonly string[];
  anyOf?: readonly string[];
}

export function isAuthorized(held: ReadonlySet<string>, rule: AuthorityRule): boolean {
  const all = rule.allOf ?? [];
  const any = rule.anyOf ?? [];
  return all.every((a) => held.has(a)) && (any.length === 0 || any.some((a) => held.has(a)));
}

/** The authorities a signed-in user holds: their role, derived from the account type. */
export function authoritiesOf(accountType: number | undefined): Set<string> {
  if (accountType === 2) return new Set(['role:cgmUser', 'followers:manage', 'profile:full']);
  if (accountType === 3) return new Set(['role:follower', 'follow:request']);
  return new Set();
}
