import { useTranslation } from '@cgm-portal/i18n';
import { FollowingList } from '../features/followers/following-list';
import { ScreenFrame } from './screen-frame';

/** /followerRequest: a follower's observer requests and their states. */
export function FollowerRequestPage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('routes.followerRequest')}>
      <FollowingList columns="requests" />
    </ScreenFrame>
  );
}
