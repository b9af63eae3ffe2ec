import { useTranslation } from '@cgm-portal/i18n';
import { FollowingList } from '../features/followers/following-list';
import { ScreenFrame } from './screen-frame';

/** /follow: the people a follower follows, and a follow request by e-mail. */
export function FollowPage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('routes.follow')}>
      <FollowingList columns="following" />
    </ScreenFrame>
  );
}
