import { Badge, HStack, Link as ChakraLink } from '@chakra-ui/react';
import type { ApiClient } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FOLLOWER_REFRESH_MS } from '../features/followers/constants';
import { COUNTS_KEY } from '../features/followers/queries';
import { PATHS } from '../routes/paths';
import { useSession } from '../session/session-context';

const live = { refetchInterval: FOLLOWER_REFRESH_MS, refetchIntervalInBackground: false, staleTime: 0 } as const;

/** Spec §3 store "follower count": everyone on the member's follower list (any status). */
export const followerCountQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...COUNTS_KEY, 'followers'],
    queryFn: async ({ signal }) => (await api.loadFollowerList({ page: 1, rows: 1 }, { signal })).total,
    ...live,
  });

/**
 * The store's follower count (spec §3). TanStack Query is the store: any screen may read the
 * same key, and follower changes invalidate it. Only CGM users have followers. The alarm count
 * is the alarm centre's bell (features/alarms), shown to every recipient.
 */
export function useFollowerCount(): number | undefined {
  const { api, userInfo } = useSession();
  const followers = useQuery({ ...followerCountQuery(api), enabled: userInfo?.accountType === 2 });
  return followers.data;
}

/** The follower count in the head, a link to where followers are managed. */
export function LayoutCounts() {
  const { t } = useTranslation();
  const followers = useFollowerCount();
  if (followers === undefined) return null;
  return (
    <HStack gap="2" display={{ base: 'none', md: 'flex' }} data-testid="layout-counts">
      <ChakraLink asChild fontSize="xs" textDecoration="none">
        <Link to={PATHS.followerList} data-testid="follower-count">
          <Badge colorPalette="blue" variant="subtle">
            {t('layout.followerCount', { count: followers })}
          </Badge>
        </Link>
      </ChakraLink>
    </HStack>
  );
}
