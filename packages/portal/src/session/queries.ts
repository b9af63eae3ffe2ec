import type { ApiClient, GlucoseUnit } from '@cgm-portal/api-client';
import { queryOptions } from '@tanstack/react-query';
import { LOCAL_KEYS } from './local-store';

/** Spec §4: loading user info stores the unit (default mmol/L) and time zone (default Asia/Shanghai). */
export const DEFAULT_UNIT: GlucoseUnit = 'mmol/L';
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export const userInfoQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['session', 'userInfo'],
    queryFn: ({ signal }) => api.getUserInfo(undefined, { signal }),
    staleTime: Infinity,
  });

export interface MemberSettings {
  unit: GlucoseUnit;
  timeZone: string;
}

export const memberInfoQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['session', 'memberInfo'],
    queryFn: async ({ signal }) => {
      const result = await api.loadMyMemberInfo(undefined, { signal });
      const info = result.memberInfos[0]!;
      const unit = info.memberSeting?.unit ?? DEFAULT_UNIT;
      localStorage.setItem(LOCAL_KEYS.unit, unit);
      return info;
    },
    staleTime: 60_000,
  });

/** What screens use before and after member info arrives: never undefined. */
export function memberSettingsOf(info: { memberSeting?: { unit?: GlucoseUnit }; timeZone?: string } | undefined): MemberSettings {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCAL_KEYS.unit);
  const storedUnit: GlucoseUnit | undefined = stored === 'mg/dL' || stored === 'mmol/L' ? stored : undefined;
  return {
    unit: info?.memberSeting?.unit ?? storedUnit ?? DEFAULT_UNIT,
    timeZone: info?.timeZone || DEFAULT_TIME_ZONE,
  };
}
