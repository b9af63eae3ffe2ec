import { useTranslation } from '@cgm-portal/i18n';
import { EventListScreen } from '../features/events/event-list-screen';
import { ScreenFrame } from './screen-frame';

export function EventListPage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('routes.eventList')}>
      <EventListScreen />
    </ScreenFrame>
  );
}
