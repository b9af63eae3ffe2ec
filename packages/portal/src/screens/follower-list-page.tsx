import { useTranslation } from '@cgm-portal/i18n';
import { FollowerList } from '../features/followers/follower-list';
import { ScreenFrame } from './screen-frame';

/** /follower: the CGM user manages who follows their data (spec §2 Follower management). */
export function FollowerListPage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('routes.followerList')}>
      <FollowerList />
    </ScreenFrame>
  );
}
