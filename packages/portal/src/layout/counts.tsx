import { Badge, HStack, Link as ChakraLink } from '@chakra-ui/react';
import type { ApiClient } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { BellIcon } from '@cgm-portal/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DateTime } from 'luxon';
import { FOLLOWER_REFRESH_MS } from '../features/followers/constants';
import { COUNTS_KEY } from '../features/followers/queries';
import { isMenuPathAllowed } from '../routes/menus';
import { PATHS } from '../routes/paths';
import { useSession } from '../session/session-context';

const live = { refetchInterval: FOLLOWER_REFRESH_MS, refetchIntervalInBackground: false, staleTime: 0 } as const;

/** Spec §3 store "alarm count": alert events since the member's midnight, in their zone. */
export const alarmCountQuery = (api: ApiClient, timeZone: string) =>
  queryOptions({
    queryKey: [...COUNTS_KEY, 'alarms', timeZone],
    queryFn: async ({ signal }) => {
      const to = Date.now();
      const from = DateTime.fromMillis(to, { zone: timeZone }).startOf('day').toMillis();
      const page = await api.loadEvents({ eventType: 'alert', from, to, page: 1, rows: 1 }, { signal });
      return page.total;
    },
    ...live,
  });

/** Spec §3 store "follower count": everyone on the member's follower list (any status). */
export const followerCountQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...COUNTS_KEY, 'followers'],
    queryFn: async ({ signal }) => (await api.loadFollowerList({ page: 1, rows: 1 }, { signal })).total,
    ...live,
  });

/**
 * The store's alarm and follower counts. TanStack Query is the store: any screen may read the
 * same keys, and follower changes invalidate them. Only CGM users have alarms and followers.
 */
export function useLayoutCounts(): { alarms: number | undefined; followers: number | undefined } {
  const { api, userInfo, memberSettings } = useSession();
  const enabled = userInfo?.accountType === 2;
  const alarms = useQuery({ ...alarmCountQuery(api, memberSettings.timeZone), enabled });
  const followers = useQuery({ ...followerCountQuery(api), enabled });
  return { alarms: alarms.data, followers: followers.data };
}

/** The counts in the head, each a link to where they are managed. */
export function LayoutCounts() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const { alarms, followers } = useLayoutCounts();
  const menus = userInfo?.menus ?? [];
  if (alarms === undefined && followers === undefined) return null;
  return (
    <HStack gap="2" display={{ base: 'none', md: 'flex' }} data-testid="layout-counts">
      {alarms !== undefined && (
        <ChakraLink asChild fontSize="xs" textDecoration="none">
          <Link to={isMenuPathAllowed(menus, PATHS.eventList) ? PATHS.eventList : PATHS.home} data-testid="alarm-count">
            <Badge colorPalette={alarms > 0 ? 'red' : 'gray'} variant="subtle" gap="1">
              <BellIcon boxSize="3.5" />
              {t('layout.alarmCount', { count: alarms })}
            </Badge>
          </Link>
        </ChakraLink>
      )}
      {followers !== undefined && (
        <ChakraLink asChild fontSize="xs" textDecoration="none">
          <Link to={PATHS.followerList} data-testid="follower-count">
            <Badge colorPalette="blue" variant="subtle">
              {t('layout.followerCount', { count: followers })}
            </Badge>
          </Link>
        </ChakraLink>
      )}
    </HStack>
  );
}
