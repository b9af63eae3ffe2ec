import { Text } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { ScreenFrame } from './screen-frame';

// The screen's content arrives with its own issue; until then it says plainly that there is nothing here.
export function EventListPage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('routes.eventList')}>
      <Text color="fg.muted">{t('common.noData')}</Text>
    </ScreenFrame>
  );
}
