import { Alert, Button, CloseButton } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { useState } from 'react';

/**
 * "Kindly Note" (spec §1): the service has moved to a new address. It shows only when a
 * deployment sets VITE_NEW_PORTAL_URL at build time, since telling people to leave a portal
 * that has not moved would send them nowhere. Dismissed for this tab only, so it comes back
 * until they move.
 */
export function KindlyNote({ newUrl }: { newUrl: string | undefined }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem('kindlyNoteDismissed') === '1');
  if (!newUrl || dismissed) return null;
  return (
    <Alert.Root status="info" variant="surface" borderRadius="0" alignItems="center" data-testid="kindly-note">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('layout.kindlyNoteTitle')}</Alert.Title>
        <Alert.Description>{t('layout.kindlyNoteBody')}</Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" colorPalette="brand" ms="2">
        <a href={newUrl}>{t('layout.goToNewUrl')}</a>
      </Button>
      <CloseButton
        size="sm"
        aria-label={t('common.close')}
        onClick={() => {
          sessionStorage.setItem('kindlyNoteDismissed', '1');
          setDismissed(true);
        }}
      />
    </Alert.Root>
  );
}
