import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { Link } from '@tanstack/react-router';

function StatusPage({ status, messageKey }: { status: string; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Center minH="70vh" px="4" as="main">
      <Stack align="center" gap="4" textAlign="center">
        <Heading as="h1" size="6xl" color="brand.fg" aria-hidden="true">
          {status}
        </Heading>
        <Text fontSize="lg" role="status">
          {t(messageKey)}
        </Text>
        <Button asChild colorPalette="brand">
          <Link to="/">{t('errors.backHome')}</Link>
        </Button>
      </Stack>
    </Center>
  );
}

/** Spec §2 error pages, each with a way home. */
export const ForbiddenPage = () => <StatusPage status="403" messageKey="errors.forbidden" />;
export const NotFoundPage = () => <StatusPage status="404" messageKey="errors.notFound" />;
export const ServerErrorPage = () => <StatusPage status="500" messageKey="errors.serverError" />;
