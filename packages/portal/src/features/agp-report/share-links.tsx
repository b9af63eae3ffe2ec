import { Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { PublicLink } from '@cgm-portal/api-client';
import { formatDate, useLanguage, useTranslation } from '@cgm-portal/i18n';
import { ConfirmDialog, ErrorAlert, toaster } from '@cgm-portal/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context';

/** How long a new share link works: a clinic visit's worth, then it expires by itself. */
const SHARE_LINK_DAYS = 30;

/**
 * Public report links (spec §2 /report/{lang}/{id}): the member creates one for a doctor and
 * revokes it when done. The id is the server's unguessable 128-bit token.
 */
export function ShareLinks() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { api, memberSettings } = useSession();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<PublicLink | null>(null);
  const links = useQuery({ queryKey: ['publicLinks'], queryFn: () => api.loadPublicLinks({ page: 1, rows: 20 }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['publicLinks'] });
  const create = useMutation({
    mutationFn: () => api.createPublicLink({ spanDays: 14, lang: language, expiresAt: Date.now() + SHARE_LINK_DAYS * 86_400_000 }),
    onSuccess: async (link) => {
      await refresh();
      const url = `${window.location.origin}${link.path}`;
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      toaster.create({ type: 'success', title: t('report.linkCopied'), description: url });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.revokePublicLink({ id }),
    onSuccess: async () => {
      setRevoking(null);
      await refresh();
      toaster.create({ type: 'success', title: t('report.linkRevoked') });
    },
  });
  const active = (links.data?.rows ?? []).filter((l) => l.revokedAt === null && (l.expiresAt === null || l.expiresAt > Date.now()));

  return (
    <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="lg" p="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h2" size="md">
          {t('report.shareLink')}
        </Heading>
        <Button size="sm" colorPalette="brand" variant="outline" onClick={() => create.mutate()} loading={create.isPending}>
          {t('report.shareLink')}
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('report.shareLinkHint')}
      </Text>
      <ErrorAlert message={create.error?.message ?? revoke.error?.message ?? links.error?.message} />
      {active.length > 0 && (
        <Table.Root size="sm">
          <Table.Body>
            {active.map((link) => (
              <Table.Row key={link.id}>
                <Table.Cell>
                  <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
                    {`${window.location.origin}${link.path}`}
                  </Text>
                </Table.Cell>
                <Table.Cell>{link.expiresAt && t('report.expiresOn', { date: formatDate(link.expiresAt, { zone: memberSettings.timeZone, lang: language }) })}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(link)}>
                    {t('report.revokeLink')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('report.revokeLink')}
        confirmLabel={t('report.revokeLink')}
        cancelLabel={t('common.cancel')}
        destructive
        busy={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
        }}
      >
        {t('report.shareLinkHint')}
      </ConfirmDialog>
    </Stack>
  );
}
