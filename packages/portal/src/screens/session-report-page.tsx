import { useTranslation } from '@cgm-portal/i18n';
import { SessionReportScreen } from '../features/session-report/session-report-screen';
import { ScreenFrame } from './screen-frame';

export function SessionReportPage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('routes.sessionReport')}>
      <SessionReportScreen />
    </ScreenFrame>
  );
}
