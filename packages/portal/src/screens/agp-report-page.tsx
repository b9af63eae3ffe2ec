import { useTranslation } from '@cgm-portal/i18n';
import { MemberAgpReport } from '../features/agp-report/member-agp-report';
import { ScreenFrame } from './screen-frame';

export function AgpReportPage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('agp.reportTitle')}>
      <MemberAgpReport />
    </ScreenFrame>
  );
}
