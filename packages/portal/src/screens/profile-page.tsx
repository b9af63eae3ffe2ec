import { useTranslation } from '@cgm-portal/i18n';
import { ProfileScreen } from '../features/profile/profile-screen';
import { ScreenFrame } from './screen-frame';

export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('routes.profile')}>
      <ProfileScreen />
    </ScreenFrame>
  );
}
