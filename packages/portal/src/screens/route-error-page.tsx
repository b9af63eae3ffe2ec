import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError } from '../routes/lazy';

/**
 * What a route shows when its code or data fails: a translated message with a retry, never a
 * blank page. A chunk that failed to load is retried with a full reload (a new deployment
 * may have replaced it).
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const chunk = isChunkLoadError(error);
  const retry = () => {
    if (chunk) window.location.reload();
    else {
      reset();
      void router.invalidate();
    }
  };
  return (
    <Center minH="60vh" px="4">
      <Stack align="center" gap="4" textAlign="center" role="alert">
        <Heading as="h1" size="xl">
          {chunk ? t('errors.chunkLoadFailed') : t('errors.generic')}
        </Heading>
        {!chunk && error instanceof Error && error.message && (
          <Text color="fg.muted" fontSize="sm">
            {error.message}
          </Text>
        )}
        <Stack direction="row" gap="3">
          <Button colorPalette="brand" onClick={retry}>
            {t('common.retry')}
          </Button>
          <Button asChild variant="outline">
            <Link to="/">{t('errors.backHome')}</Link>
          </Button>
        </Stack>
      </Stack>
    </Center>
  );
}
