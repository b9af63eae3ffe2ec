import { ApiError, ResponseCode, type ApiClient } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { toaster } from '@cgm-portal/ui';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { FOLLOWER_PAGE_SIZE, FOLLOWER_REFRESH_MS } from './constants';

const HOUR_MS = 3_600_000;

/**
 * Live lists: refetch every 30 s while the tab is visible (TanStack pauses the interval when
 * the document is hidden), and keep the previous page on screen while the next one loads, so
 * a refresh or a page change never flickers to empty.
 */
const live = {
  refetchInterval: FOLLOWER_REFRESH_MS,
  refetchIntervalInBackground: false,
  placeholderData: keepPreviousData,
  staleTime: 0,
} as const;

/** Every follower query starts with this key; mutations invalidate it and the layout counts. */
export const FOLLOWERS_KEY = ['followers'] as const;
export const COUNTS_KEY = ['counts'] as const;

/** Member side: the people who follow me (or asked to), one page, filtered by account. */
export const followerListQuery = (api: ApiClient, params: { page: number; keyword?: string }) =>
  queryOptions({
    queryKey: [...FOLLOWERS_KEY, 'list', params],
    queryFn: ({ signal }) => api.loadFollowerList({ page: params.page, rows: FOLLOWER_PAGE_SIZE, keyword: params.keyword }, { signal }),
    ...live,
  });

/** Follower side: the members I follow or asked to follow, one page, filtered by their e-mail. */
export const followingQuery = (api: ApiClient, params: { page: number; memberEmail?: string; pageSize?: number }) =>
  queryOptions({
    queryKey: [...FOLLOWERS_KEY, 'following', params],
    queryFn: ({ signal }) =>
      api.loadMyFollowers(
        { pageNumber: params.page, PageSize: params.pageSize ?? FOLLOWER_PAGE_SIZE, memberEmail: params.memberEmail },
        { signal },
      ),
    ...live,
  });

/** How many shared people the follower home offers in its picker (one request, no paging). */
export const SHARED_PICKER_SIZE = 100;

/** The shared member's name, unit, targets and time zone; refused once sharing stops. */
export const sharedMemberInfoQuery = (api: ApiClient, memberId: number) =>
  queryOptions({
    queryKey: [...FOLLOWERS_KEY, 'member', memberId, 'info'],
    queryFn: ({ signal }) => api.loadFollowedMemberInfo({ memberId }, { signal }),
    ...live,
    // A refusal must replace what was shown, never sit behind the previous member's data.
    placeholderData: undefined,
  });

/**
 * The shared member's readings of the last `hours` hours (at least since their midnight, for
 * today's TIR): the window is taken at fetch time, so each refresh moves it forward.
 */
export const sharedReadingsQuery = (api: ApiClient, memberId: number, hours: number) =>
  queryOptions({
    queryKey: [...FOLLOWERS_KEY, 'member', memberId, 'readings', hours],
    queryFn: ({ signal }) => {
      const to = Date.now();
      return api.loadPackedReadings({ memberId, from: to - hours * HOUR_MS, to }, { signal });
    },
    ...live,
    placeholderData: undefined,
  });

/**
 * The server answers "no permission" (or "not found", so ids cannot be probed) when the
 * viewer may not see the member: not approved, sharing stopped, removed, or never related.
 */
export function isAccessRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ResponseCode.noPermission || error.code === ResponseCode.notFound);
}

/**
 * A follower change: toasts the translated success or the server's own message, then
 * refreshes every follower list and the layout counts.
 */
export function useFollowerAction<V>(run: (variables: V) => Promise<unknown>, successKey: string | ((variables: V) => string)) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_data, variables) => {
      toaster.create({ type: 'success', title: t(typeof successKey === 'function' ? successKey(variables) : successKey) });
    },
    onError: (error) => {
      toaster.create({ type: 'error', title: error instanceof ApiError && error.message ? error.message : t('errors.generic') });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FOLLOWERS_KEY }),
        queryClient.invalidateQueries({ queryKey: COUNTS_KEY }),
      ]),
  });
}
