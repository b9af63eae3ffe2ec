import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { FollowerStatus, type FollowerRelation } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { ConfirmDialog } from '@cgm-portal/ui';
import { useState } from 'react';
import { useSession } from '../../session/session-context';
import { AddFollowerDialog, EditFollowerDialog } from './follower-dialogs';
import { followerListQuery, useFollowerAction } from './queries';
import { PagedRelations, useRelationPages } from './paged-relations';
import { SharingBadge, StatusBadge, When } from './relation-parts';

/** The changes that ask for confirmation first, with their words. */
export const CONFIRMED_ACTIONS = {
  approve: { label: 'followers.approve', confirm: 'followers.approveConfirm', done: 'followers.requestApproved', destructive: false },
  reject: { label: 'followers.reject', confirm: 'followers.rejectConfirm', done: 'followers.requestRejected', destructive: true },
  startSharing: { label: 'followers.startSharing', confirm: 'followers.startSharingConfirm', done: 'followers.sharingStarted', destructive: false },
  stopSharing: { label: 'followers.stopSharing', confirm: 'followers.stopSharingConfirm', done: 'followers.sharingStopped', destructive: true },
  remove: { label: 'followers.remove', confirm: 'followers.removeConfirm', done: 'followers.followerRemoved', destructive: true },
} as const;
export type ConfirmedAction = keyof typeof CONFIRMED_ACTIONS;

/** Which changes a relation offers: decide a request, then share, stop, or remove. */
export function actionsFor(relation: Pick<FollowerRelation, 'status' | 'shareFlag'>): ConfirmedAction[] {
  switch (relation.status) {
    case FollowerStatus.pending:
      return ['approve', 'reject'];
    case FollowerStatus.approved:
      return [relation.shareFlag === 1 ? 'stopSharing' : 'startSharing', 'remove'];
    default:
      return ['approve', 'remove'];
  }
}

export interface FollowerTableProps {
  rows: readonly FollowerRelation[];
  onAction: (action: ConfirmedAction, relation: FollowerRelation) => void;
  onEdit: (relation: FollowerRelation) => void;
}

/** The member's followers: who, what they said, status, sharing and when they last fetched data. */
export function FollowerTable({ rows, onAction, onEdit }: FollowerTableProps) {
  const { t } = useTranslation();
  return (
    <Box overflowX="auto" borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" data-testid="follower-table">
        <Table.Caption captionSide="top" textAlign="start" px="3" pt="2" color="fg.muted">
          {t('followers.title')}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{t('followers.name')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('followers.email')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('followers.note')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('followers.message')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('common.status')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('followers.shareStatus')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('followers.addTime')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('followers.dataFetchedTime')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('common.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-follower-email={r.followerEmail ?? ''}>
              <Table.Cell fontWeight="medium">{r.name}</Table.Cell>
              <Table.Cell>{r.followerEmail}</Table.Cell>
              <Table.Cell>{r.note}</Table.Cell>
              <Table.Cell maxW="xs" truncate title={r.message}>
                {r.message}
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={r.status} />
              </Table.Cell>
              <Table.Cell>
                <SharingBadge shareFlag={r.shareFlag} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <When time={r.addTime} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <When time={r.fetchedTime} />
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1" wrap="wrap">
                  {actionsFor(r).map((action) => (
                    <Button
                      key={action}
                      size="xs"
                      variant={CONFIRMED_ACTIONS[action].destructive ? 'outline' : 'solid'}
                      colorPalette={CONFIRMED_ACTIONS[action].destructive ? 'red' : 'brand'}
                      onClick={() => onAction(action, r)}
                    >
                      {t(CONFIRMED_ACTIONS[action].label)}
                    </Button>
                  ))}
                  <Button size="xs" variant="ghost" onClick={() => onEdit(r)}>
                    {t('followers.setNote')}
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

/**
 * The CGM user's follower list (spec §2 Follower management): live every 30 s, paged, searchable
 * by account; add, edit (note), approve, reject, start and stop sharing, remove. Every change of
 * status, sharing or membership is confirmed first.
 */
export function FollowerList() {
  const { t } = useTranslation();
  const { api } = useSession();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<FollowerRelation | null>(null);
  const [pending, setPending] = useState<{ action: ConfirmedAction; relation: FollowerRelation } | null>(null);
  const relations = useRelationPages((page, keyword) => followerListQuery(api, { page, keyword }));

  const add = useFollowerAction((v: { email: string; note: string }) => api.addFollower(v), 'followers.followerAddedIfAccount');
  const saveNote = useFollowerAction((v: { followerId: number; note: string }) => api.modifyFollowerNote(v), 'followers.noteSaved');
  const change = useFollowerAction(({ action, relation }: { action: ConfirmedAction; relation: FollowerRelation }) => {
    switch (action) {
      case 'approve':
        return api.agreedFollowerRequest({ followerRequestId: relation.followerRequestId });
      case 'reject':
        return api.rejectFollowerRequest({ followerRequestId: relation.followerRequestId });
      case 'startSharing':
        return api.modifyFollowerShareFlag({ followerId: relation.followerId, shareFlag: 1 });
      case 'stopSharing':
        return api.modifyFollowerShareFlag({ followerId: relation.followerId, shareFlag: 0 });
      case 'remove':
        return api.delFollower({ followerId: relation.followerId });
    }
  }, ({ action }) => CONFIRMED_ACTIONS[action].done);

  return (
    <PagedRelations
      relations={relations}
      addLabel={t('followers.add')}
      onAdd={() => setAdding(true)}
      emptyLabel={t('followers.noFollowers')}
      showUpdatedAt
      table={<FollowerTable rows={relations.rows} onAction={(action, relation) => setPending({ action, relation })} onEdit={setEditing} />}
    >
      {adding && (
        <AddFollowerDialog
          open
          onOpenChange={setAdding}
          busy={add.isPending}
          onSubmit={(v) => add.mutate(v, { onSuccess: () => setAdding(false) })}
        />
      )}
      {editing && (
        <EditFollowerDialog
          open
          relation={editing}
          onOpenChange={(open) => !open && setEditing(null)}
          busy={saveNote.isPending}
          onSubmit={(note) => saveNote.mutate({ followerId: editing.followerId, note }, { onSuccess: () => setEditing(null) })}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? t(CONFIRMED_ACTIONS[pending.action].label) : ''}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        destructive={pending ? CONFIRMED_ACTIONS[pending.action].destructive : false}
        busy={change.isPending}
        onConfirm={() => {
          if (!pending) return;
          change.mutate(pending, {
            onSuccess: () => {
              setPending(null);
            },
          });
        }}
      >
        {pending && (
          <Stack gap="2">
            <Text>{t(CONFIRMED_ACTIONS[pending.action].confirm)}</Text>
            <Text fontWeight="medium">
              {pending.relation.name} {pending.relation.followerEmail && `(${pending.relation.followerEmail})`}
            </Text>
          </Stack>
        )}
      </ConfirmDialog>
    </PagedRelations>
  );
}
