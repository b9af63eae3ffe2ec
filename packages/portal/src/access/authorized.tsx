import type { ReactNode } from 'react';
import { useSession } from '../session/session-context';
import { authoritiesOf, isAuthorized, type AuthorityRule } from './authority';

/** Renders its children only when the signed-in user passes the rule (spec §6). */
export function Authorized({ children, ...rule }: AuthorityRule & { children: ReactNode }) {
  const { userInfo } = useSession();
  return isAuthorized(authoritiesOf(userInfo?.accountType), rule) ? <>{children}</> : null;
}
