import { useTranslation } from '@cgm-portal/i18n';
import { GlucoseReportScreen } from '../features/glucose-report/glucose-report-screen';
import { ScreenFrame } from './screen-frame';

export function GlucoseReportPage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('routes.glucoseReport')}>
      <GlucoseReportScreen />
    </ScreenFrame>
  );
}
