import { useTranslation } from '@cgm-portal/i18n';
import { HomeScreen } from '../features/home/home-screen';
import { FollowerHome } from '../features/followers/follower-home';
import { useSession } from '../session/session-context';
import { ScreenFrame } from './screen-frame';

export function HomePage() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  // A follower's /home is the shared person's monitor (spec §2 Doctor views).
  if (userInfo?.accountType === 3) return <FollowerHome />;
  return (
    <ScreenFrame title={t('routes.statusOverview')}>
      <HomeScreen />
    </ScreenFrame>
  );
}
