import { Badge, Button, CloseButton, Dialog, HStack, IconButton, Input, Portal, Text } from '@chakra-ui/react';
import { FollowerStatus, type FollowerRelation } from '@cgm-portal/api-client';
import { formatDateTime, useLanguage, useTranslation } from '@cgm-portal/i18n';
import { useState, type FormEvent, type ReactNode } from 'react';
import { searchKeyword } from './follower-forms';

const STATUS_KEY = {
  [FollowerStatus.pending]: 'pending',
  [FollowerStatus.approved]: 'approved',
  [FollowerStatus.rejected]: 'rejected',
} as const;
const STATUS_PALETTE = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

/** Pending, approved or rejected, in words and colour. */
export function StatusBadge({ status }: { status: FollowerRelation['status'] }) {
  const { t } = useTranslation();
  const key = STATUS_KEY[status];
  return (
    <Badge colorPalette={STATUS_PALETTE[key]} data-status={key}>
      {t(`followers.statuses.${key}`)}
    </Badge>
  );
}

/** Sharing or not sharing. */
export function SharingBadge({ shareFlag }: { shareFlag: FollowerRelation['shareFlag'] }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={shareFlag === 1 ? 'blue' : 'gray'} variant={shareFlag === 1 ? 'solid' : 'outline'} data-sharing={shareFlag === 1}>
      {shareFlag === 1 ? t('followers.sharing') : t('followers.notSharing')}
    </Badge>
  );
}

/** A moment in the viewer's own zone (add time, data-fetched time), or "never". */
export function When({ time }: { time: number | null }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (time === null) return <Text color="fg.muted">{t('followers.never')}</Text>;
  return <time dateTime={new Date(time).toISOString()}>{formatDateTime(time, { lang: language })}</time>;
}

/** The search by account: submits on Enter or the button; an empty search shows everyone. */
export function AccountSearch({ label, onSearch }: { label: string; onSearch: (keyword: string | undefined) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <HStack
      as="form"
      role="search"
      gap="2"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSearch(searchKeyword(value));
      }}
    >
      <Input
        size="sm"
        type="search"
        maxW="xs"
        aria-label={label}
        placeholder={t('followers.searchPlaceholder')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" size="sm" variant="outline">
        {t('common.search')}
      </Button>
    </HStack>
  );
}

/** Previous/next paging with "Page x of y"; hidden when everything fits one page. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label={t('followers.pagination')} gap="2" justify="flex-end">
      <IconButton size="xs" variant="outline" aria-label={t('common.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹
      </IconButton>
      <Text fontSize="sm">{t('common.pageOf', { page, total: pages })}</Text>
      <IconButton size="xs" variant="outline" aria-label={t('common.next')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        ›
      </IconButton>
    </HStack>
  );
}

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  busy?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * A dialog around a form. The form's state belongs to the caller's dialog component, not to
 * the live list, so a 30-second refresh never resets what is being typed.
 */
export function FormDialog({ open, onOpenChange, title, submitLabel, busy, onSubmit, children }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form
              noValidate
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                onSubmit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="4">
                {children}
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" type="button">
                    {t('common.cancel')}
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
