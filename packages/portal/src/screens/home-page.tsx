import { Text } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { FollowerHome } from '../features/followers/follower-home';
import { useSession } from '../session/session-context';
import { ScreenFrame } from './screen-frame';

// The screen's content arrives with its own issue; until then it says plainly that there is nothing here.
export function HomePage() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  // A follower's /home is the shared person's monitor (spec §2 Doctor views).
  if (userInfo?.accountType === 3) return <FollowerHome />;
  return (
    <ScreenFrame title={t('routes.statusOverview')}>
      <Text color="fg.muted">{t('common.noData')}</Text>
    </ScreenFrame>
  );
}
