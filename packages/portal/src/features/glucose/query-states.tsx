import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';

/** Placeholder blocks while a section's data loads: the layout does not jump when it arrives. */
export function LoadingBlock({ height = '240px', lines = 1 }: { height?: string; lines?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" aria-busy="true" aria-label={t('common.loading')} data-testid="loading">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height={height} borderRadius="md" />
      ))}
    </Stack>
  );
}

/** Nothing to show: said plainly, never an empty chart that looks like normal glucose. */
export function EmptyBlock({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <Text color="fg.muted" py="6" textAlign="center" data-testid="empty">
      {message ?? t('common.noData')}
    </Text>
  );
}

/** A failed load with the server's message (already translated by the server) and a retry. */
export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof ApiError ? error.message : t('errors.generic');
  return (
    <Alert.Root status="error" role="alert" data-testid="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert.Root>
  );
}
