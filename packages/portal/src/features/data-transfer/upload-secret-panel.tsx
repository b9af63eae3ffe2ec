import { Alert, Badge, Box, Button, Code, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { ApiError, type CreatedUploadSecret, type UploadSecret } from '@cgm-portal/api-client';

import { formatDateTime, useLanguage, useTranslation } from '@cgm-portal/i18n';
import { ConfirmDialog, ErrorAlert, toaster } from '@cgm-portal/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSession } from '../../session/session-context';
import { useMemberGlucoseSettings } from '../glucose/member-settings';
import { Section } from '../glucose/metric-tile';
import { UPLOADER_APPS, UPLOADER_PROTOCOL, uploaderAddress, xdripBaseUrl } from './data-transfer-model';

const SECRETS_KEY = ['uploadSecrets'] as const;
type Scope = UploadSecret['scope'];
/** Every scope in the order offered, with its long (choice) and short (list) label keys. */
const SCOPES: { scope: Scope; long: string; short: string }[] = [
  { scope: 'upload', long: 'dataTransfer.scopeUpload', short: 'dataTransfer.scopeUploadShort' },
  { scope: 'read', long: 'dataTransfer.scopeRead', short: 'dataTransfer.scopeReadShort' },
  { scope: 'create', long: 'secretScopes.create', short: 'secretScopes.createShort' },
  { scope: 'update', long: 'secretScopes.update', short: 'secretScopes.updateShort' },
  { scope: 'delete', long: 'secretScopes.delete', short: 'secretScopes.deleteShort' },
];
const shortLabelOf = (scope: Scope) => SCOPES.find((s) => s.scope === scope)?.short ?? 'dataTransfer.scopeUploadShort';

/**
 * Upload secrets for apps that speak the Nightscout protocol: create (the secret is shown
 * once, here, and never again), list, revoke.
 */
export function UploadSecretPanel() {
  const { t } = useTranslation();
  const { language: lang } = useLanguage();
  const { api } = useSession();
  const { timeZone } = useMemberGlucoseSettings();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [scope, setScope] = useState<Scope>('upload');
  const [created, setCreated] = useState<CreatedUploadSecret | null>(null);
  const [toRevoke, setToRevoke] = useState<UploadSecret | null>(null);
  const [error, setError] = useState<string | null>(null);
  const secrets = useQuery({ queryKey: SECRETS_KEY, queryFn: ({ signal }) => api.loadUploadSecrets({}, { signal }) });
  const onError = (e: unknown) => setError(e instanceof ApiError ? e.message : t('errors.generic'));

  const create = useMutation({
    mutationFn: (name: string) => api.createUploadSecret({ label: name, scope }),
    onSuccess: async (secret) => {
      setCreated(secret);
      setLabel('');
      await queryClient.invalidateQueries({ queryKey: SECRETS_KEY });
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.revokeUploadSecret({ id }),
    onSuccess: async (row) => {
      setToRevoke(null);
      if (created?.id === row.id) setCreated(null);
      await queryClient.invalidateQueries({ queryKey: SECRETS_KEY });
      toaster.create({ type: 'success', title: t('dataTransfer.revoked') });
    },
    onError,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(label.trim());
  };
  const address = uploaderAddress(/^https?:/.test(api.fileUrl('/api')) ? api.fileUrl('/api') : '', typeof window === 'undefined' ? '' : window.location.origin);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toaster.create({ type: 'success', title: t('common.copied') });
    } catch {
      // Clipboard refused (insecure origin): the text stays selectable on screen.
    }
  };
  const when = (ms: number | null) => (ms === null ? t('dataTransfer.never') : formatDateTime(ms, { zone: timeZone, lang }));

  return (
    <Section title={t('dataTransfer.secretsTitle')} testId="upload-secrets">
      <Stack gap="4">
        <Text color="fg.muted">{t('dataTransfer.secretsHint', { protocol: UPLOADER_PROTOCOL, apps: UPLOADER_APPS })}</Text>
        <form onSubmit={submit}>
          <HStack align="end" gap="3" flexWrap="wrap">
            <Field.Root maxW="sm">
              <Field.Label>{t('dataTransfer.label')}</Field.Label>
              <Input value={label} maxLength={64} onChange={(e) => setLabel(e.target.value)} data-testid="secret-label" />
            </Field.Root>
            <Field.Root maxW="sm">
              <Field.Label>{t('dataTransfer.scope')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={scope} onChange={(e) => setScope(e.target.value as Scope)} data-testid="secret-scope">
                  {SCOPES.map((s) => (
                    <option key={s.scope} value={s.scope}>
                      {t(s.long)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText data-testid="secret-scope-hint">{t('secretScopes.hint')}</Field.HelperText>
            </Field.Root>
            <Button type="submit" loading={create.isPending} data-testid="secret-create">
              {t('dataTransfer.create')}
            </Button>
          </HStack>
        </form>
        <ErrorAlert message={error} />

        {created && (
          <Alert.Root status="warning" data-testid="secret-created">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('dataTransfer.createdTitle')}</Alert.Title>
              <Alert.Description>
                <Stack gap="2" mt="1">
                  <Text>{t('dataTransfer.createdHint')}</Text>
                  {(
                    [
                      [t('dataTransfer.address'), address, 'secret-address'],
                      [t('dataTransfer.secret'), created.secret, 'secret-value'],
                      [t('dataTransfer.hashedSecret', { hash: 'SHA-1' }), created.apiSecretSha1, 'secret-sha1'],
                      [t('dataTransfer.xdripUrl'), xdripBaseUrl(address, created.secret), 'secret-xdrip-url'],
                    ] as const
                  ).map(([name, value, testId]) => (
                    <Box key={testId}>
                      <Text fontSize="sm" fontWeight="semibold">
                        {name}
                      </Text>
                      <HStack>
                        <Code dir="ltr" wordBreak="break-all" data-testid={testId}>
                          {value}
                        </Code>
                        <Button size="xs" variant="outline" onClick={() => copy(value)}>
                          {t('common.copy')}
                        </Button>
                      </HStack>
                    </Box>
                  ))}
                  <Box as="ul" ps="5" listStyleType="disc" fontSize="sm" data-testid="secret-setup">
                    <li>{t('dataTransfer.setupAaps')}</li>
                    <li>{t('dataTransfer.setupLoop')}</li>
                    <li>{t('dataTransfer.setupXdrip')}</li>
                  </Box>
                  <Button size="sm" alignSelf="start" onClick={() => setCreated(null)}>
                    {t('dataTransfer.savedIt')}
                  </Button>
                </Stack>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        {secrets.data && secrets.data.rows.length === 0 && <Text color="fg.muted">{t('dataTransfer.noSecrets')}</Text>}
        {secrets.data && secrets.data.rows.length > 0 && (
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="secret-list">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('dataTransfer.label')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dataTransfer.scope')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dataTransfer.created')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dataTransfer.lastUsed')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('common.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('common.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {secrets.data.rows.map((s) => (
                  <Table.Row key={s.id}>
                    <Table.Cell>{s.label || '—'}</Table.Cell>
                    <Table.Cell>{t(shortLabelOf(s.scope))}</Table.Cell>
                    <Table.Cell>{when(s.createdAt)}</Table.Cell>
                    <Table.Cell>{when(s.lastUsedAt)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={s.revokedAt === null ? 'green' : 'gray'}>{s.revokedAt === null ? t('dataTransfer.active') : t('dataTransfer.revoked')}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      {s.revokedAt === null && (
                        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setToRevoke(s)} data-testid={`secret-revoke-${s.id}`}>
                          {t('dataTransfer.revoke')}
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => !open && setToRevoke(null)}
        title={t('dataTransfer.revoke')}
        confirmLabel={t('dataTransfer.revoke')}
        cancelLabel={t('common.cancel')}
        destructive
        busy={revoke.isPending}
        onConfirm={() => {
          if (toRevoke) revoke.mutate(toRevoke.id);
        }}
      >
        {t('dataTransfer.revokeConfirm')}
      </ConfirmDialog>
    </Section>
  );
}
