import type { LoginResult, UserInfo } from '@cgm-portal/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PortalServices } from '../services';
import { LOCAL_KEYS } from './local-store';
import { memberInfoQuery, memberSettingsOf, userInfoQuery, type MemberSettings } from './queries';
import { tokenStore } from './token-store';

export interface SessionValue extends PortalServices {
  token: string | null;
  userInfo: UserInfo | undefined;
  memberSettings: MemberSettings;
  /** Stores the token (spec §4 remember me) and loads the user info; resolves to it. */
  signIn(result: LoginResult, rememberMe: boolean): Promise<UserInfo | undefined>;
  /** Revokes the token on the server when possible, then clears every trace of the session. */
  signOut(): Promise<void>;
  /** Clears the session locally without asking the server (token already expired). */
  forget(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ services, children }: { services: PortalServices; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => tokenStore.get());
  const userInfo = useQuery({ ...userInfoQuery(services.api), enabled: token !== null });
  const memberInfo = useQuery({ ...memberInfoQuery(services.api), enabled: token !== null });

  const forget = useCallback(() => {
    tokenStore.clear();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  const signIn = useCallback(
    async (result: LoginResult, rememberMe: boolean) => {
      queryClient.clear();
      tokenStore.set(result.token, rememberMe);
      localStorage.setItem(LOCAL_KEYS.loginType, String(result.accountType));
      setToken(result.token);
      try {
        return await queryClient.fetchQuery(userInfoQuery(services.api));
      } catch {
        // Spec §4: if the user-info fetch fails, navigation continues without it.
        return undefined;
      }
    },
    [queryClient, services.api],
  );

  const signOut = useCallback(async () => {
    try {
      await services.api.logout();
    } catch {
      // An expired or unreachable session is signed out locally all the same.
    }
    forget();
  }, [forget, services.api]);

  const value = useMemo<SessionValue>(
    () => ({
      ...services,
      token,
      userInfo: userInfo.data,
      memberSettings: memberSettingsOf(memberInfo.data),
      signIn,
      signOut,
      forget,
    }),
    [services, token, userInfo.data, memberInfo.data, signIn, signOut, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
