import { List, Text } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context';
import { Section } from '../glucose/metric-tile';

/**
 * How this deployment reaches people (codes, resets, follow requests): said plainly, so a member
 * of a demo server is not left waiting for an e-mail that will never come.
 */
export function DeliveryChannelsPanel() {
  const { t } = useTranslation();
  const { api } = useSession();
  const channels = useQuery({ queryKey: ['deliveryChannels'], queryFn: () => api.getDeliveryChannels(), staleTime: Infinity });
  if (!channels.data) return null;
  return (
    <Section title={t('delivery.title')}>
      <List.Root gap="1" ps="5" data-testid="delivery-channels">
        <List.Item>
          <Text fontSize="sm">{t(`delivery.email.${channels.data.email}`)}</Text>
        </List.Item>
        <List.Item>
          <Text fontSize="sm">{t(`delivery.sms.${channels.data.sms}`)}</Text>
        </List.Item>
      </List.Root>
    </Section>
  );
}
