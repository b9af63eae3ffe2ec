import { Alert } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { useLive } from './live-provider';

/**
 * Says when what is on screen may be behind: no network at all (the app shows its last data),
 * or the live stream dropped (screens poll every 30 s until it is back).
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const { status, online } = useLive();
  if (!online) {
    return (
      <Alert.Root status="error" variant="solid" borderRadius="0" role="status" data-testid="no-connection" data-print-hide="">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('liveAlerts.connection.offlineTitle')}</Alert.Title>
          <Alert.Description>{t('liveAlerts.connection.offlineBody')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (status !== 'reconnecting') return null;
  return (
    <Alert.Root status="warning" borderRadius="0" role="status" data-testid="live-reconnecting" data-print-hide="">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('liveAlerts.connection.reconnectingTitle')}</Alert.Title>
        <Alert.Description>{t('liveAlerts.connection.reconnectingBody')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
