import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { FollowerStatus, type FollowerRelation } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { ConfirmDialog } from '@cgm-portal/ui';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../session/session-context';
import { FollowRequestDialog } from './follower-dialogs';
import { followingQuery, useFollowerAction } from './queries';
import { PagedRelations, useRelationPages } from './paged-relations';
import { SharingBadge, StatusBadge, When } from './relation-parts';

/** Whether the follower may open the member's data now (the server decides the same way). */
export const canViewData = (r: Pick<FollowerRelation, 'status' | 'shareFlag'>) => r.status === FollowerStatus.approved && r.shareFlag === 1;

/** Which columns a follower-side table shows: people I follow, or my requests. */
export type FollowingColumns = 'following' | 'requests';

export interface FollowingTableProps {
  rows: readonly FollowerRelation[];
  columns: FollowingColumns;
  onUnfollow: (relation: FollowerRelation) => void;
}

/** The members a follower watches (or asked to), with status, sharing and the way to their data. */
export function FollowingTable({ rows, columns, onUnfollow }: FollowingTableProps) {
  const { t } = useTranslation();
  return (
    <Box overflowX="auto" borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" data-testid={columns === 'following' ? 'following-table' : 'request-table'}>
        <Table.Caption captionSide="top" textAlign="start" px="3" pt="2" color="fg.muted">
          {columns === 'following' ? t('followers.peopleIFollow') : t('followers.followRequests')}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{t('followers.name')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('followers.memberEmail')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('followers.message')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('common.status')}</Table.ColumnHeader>
            {columns === 'following' && <Table.ColumnHeader scope="col">{t('followers.shareStatus')}</Table.ColumnHeader>}
            <Table.ColumnHeader scope="col">{columns === 'following' ? t('followers.addTime') : t('followers.sentTime')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('common.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-member-email={r.memberEmail ?? ''}>
              <Table.Cell fontWeight="medium">{r.name}</Table.Cell>
              <Table.Cell>{r.memberEmail}</Table.Cell>
              <Table.Cell maxW="xs" truncate title={r.message}>
                {r.message}
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={r.status} />
              </Table.Cell>
              {columns === 'following' && (
                <Table.Cell>
                  <SharingBadge shareFlag={r.shareFlag} />
                </Table.Cell>
              )}
              <Table.Cell whiteSpace="nowrap">
                <When time={r.addTime} />
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1">
                  {columns === 'following' && canViewData(r) && (
                    <Button asChild size="xs" colorPalette="brand">
                      <Link to="/doctorDetail/$id" params={{ id: String(r.memberId) }}>
                        {t('followers.viewData')}
                      </Link>
                    </Button>
                  )}
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => onUnfollow(r)}>
                    {r.status === FollowerStatus.approved ? t('followers.unfollow') : t('followers.withdraw')}
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Unfollow (or withdraw a request) after confirmation; shared by every follower screen. */
export function useUnfollow(onDone?: (relation: FollowerRelation) => void) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [target, setTarget] = useState<FollowerRelation | null>(null);
  const unfollow = useFollowerAction((r: FollowerRelation) => api.delMyFollower({ followerId: r.followerId }), 'followers.unfollowed');
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title={t('followers.unfollow')}
      confirmLabel={t('common.confirm')}
      cancelLabel={t('common.cancel')}
      destructive
      busy={unfollow.isPending}
      onConfirm={() => {
        if (!target) return;
        unfollow.mutate(target, {
          onSuccess: () => {
            setTarget(null);
            onDone?.(target);
          },
        });
      }}
    >
      {target && (
        <Stack gap="2">
          <Text>{t('followers.unfollowConfirm')}</Text>
          <Text fontWeight="medium">
            {target.name} {target.memberEmail && `(${target.memberEmail})`}
          </Text>
        </Stack>
      )}
    </ConfirmDialog>
  );
  return { ask: setTarget, dialog };
}

/**
 * A follower's own list, live every 30 s and paged: people I follow (with a follow request by
 * e-mail) or my observer requests and their states.
 */
export function FollowingList({ columns }: { columns: FollowingColumns }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [requesting, setRequesting] = useState(false);
  const relations = useRelationPages((page, memberEmail) => followingQuery(api, { page, memberEmail }));
  const unfollow = useUnfollow();
  const request = useFollowerAction((v: { email: string; message: string }) => api.addFollowerRequest(v), 'followers.requestSent');

  return (
    <PagedRelations
      relations={relations}
      addLabel={t('followers.requestToFollow')}
      onAdd={() => setRequesting(true)}
      emptyLabel={columns === 'following' ? t('followers.notFollowingAnyone') : t('followers.noRequests')}
      table={<FollowingTable rows={relations.rows} columns={columns} onUnfollow={unfollow.ask} />}
    >
      {requesting && (
        <FollowRequestDialog
          open
          onOpenChange={setRequesting}
          busy={request.isPending}
          onSubmit={(v) => request.mutate(v, { onSuccess: () => setRequesting(false) })}
        />
      )}
      {unfollow.dialog}
    </PagedRelations>
  );
}
