import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { FollowerRelation } from '@cgm-portal/api-client';
import { formatTime, useLanguage, useTranslation } from '@cgm-portal/i18n';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FOLLOWER_FIRST_PAGE, FOLLOWER_PAGE_SIZE, FOLLOWER_REFRESH_MS } from './constants';
import { AccountSearch, Pager } from './relation-parts';

/** One page of relations as both sides' list calls answer it. */
export interface RelationPage {
  rows: FollowerRelation[];
  total: number;
}

export interface RelationPages {
  list: UseQueryResult<RelationPage>;
  rows: readonly FollowerRelation[];
  page: number;
  setPage: (page: number) => void;
  /** The account searched for; undefined shows everyone. */
  keyword: string | undefined;
  search: (keyword: string | undefined) => void;
}

/** A live relation list's page and account search; a new search starts again at page 1. */
export function useRelationPages<TKey extends QueryKey>(
  queryFor: (page: number, keyword: string | undefined) => UseQueryOptions<RelationPage, Error, RelationPage, TKey>,
): RelationPages {
  const [page, setPage] = useState<number>(FOLLOWER_FIRST_PAGE);
  const [keyword, setKeyword] = useState<string | undefined>();
  const list = useQuery(queryFor(page, keyword));
  const rows = list.data?.rows ?? [];
  // The last row of a page removed: step back instead of showing an empty page.
  if (list.data && rows.length === 0 && page > FOLLOWER_FIRST_PAGE && !list.isPlaceholderData) setPage(page - 1);
  const search = (k: string | undefined) => {
    setKeyword(k);
    setPage(FOLLOWER_FIRST_PAGE);
  };
  return { list, rows, page, setPage, keyword, search };
}

export interface PagedRelationsProps {
  relations: RelationPages;
  /** The screen's one way to add: add a follower, or ask to follow. */
  addLabel: string;
  onAdd: () => void;
  /** What an empty list says when nothing was searched for. */
  emptyLabel: string;
  /** Adds the time of the last refresh to the auto-refresh note. */
  showUpdatedAt?: boolean;
  table: ReactNode;
  /** The screen's dialogs. */
  children?: ReactNode;
}

/**
 * The shell of both sides' live lists: search and add, the auto-refresh note, then an error
 * with retry, loading, an empty list or the screen's table, and the pager. Data already shown
 * stays while a refresh fails.
 */
export function PagedRelations({ relations, addLabel, onAdd, emptyLabel, showUpdatedAt = false, table, children }: PagedRelationsProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { list, rows, page, setPage, keyword, search } = relations;
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <AccountSearch label={t('followers.searchByAccount')} onSearch={search} />
        <Button colorPalette="brand" size="sm" onClick={onAdd}>
          {addLabel}
        </Button>
      </HStack>
      {/* The update time changes with every refresh; it is not worth announcing. */}
      <Text fontSize="xs" color="fg.muted" aria-live={showUpdatedAt ? 'off' : undefined}>
        {t('followers.autoRefresh', { seconds: FOLLOWER_REFRESH_MS / 1000 })}
        {showUpdatedAt &&
          list.dataUpdatedAt > 0 &&
          ` · ${t('followers.updatedAt', { time: formatTime(list.dataUpdatedAt, { lang: language }) })}`}
      </Text>
      {list.isError && !list.data ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('errors.generic')}</Alert.Title>
          <Button size="xs" ms="auto" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert.Root>
      ) : list.isPending ? (
        <Text color="fg.muted">{t('common.loading')}</Text>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{keyword ? t('common.noData') : emptyLabel}</Text>
      ) : (
        table
      )}
      <Pager page={page} pageSize={FOLLOWER_PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
      {children}
    </Stack>
  );
}
