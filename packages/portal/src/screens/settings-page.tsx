import { useTranslation } from '@cgm-portal/i18n';
import { SettingsScreen } from '../features/settings/settings-screen';
import { ScreenFrame } from './screen-frame';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('routes.settings')}>
      <SettingsScreen />
    </ScreenFrame>
  );
}
