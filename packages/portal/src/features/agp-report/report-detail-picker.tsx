import { NativeSelect } from '@chakra-ui/react';
import type { ReportDetail } from '@cgm-portal/agp-report';
import { useTranslation, type LanguageCode } from '@cgm-portal/i18n';

/**
 * What Print and Download PDF produce: the IDC AGP's two pages, or those followed by the daily
 * detail. A labelled select, so it stays one line at 360 px in every language.
 */
export function ReportDetailPicker({ value, onChange, language }: { value: ReportDetail; onChange: (detail: ReportDetail) => void; language: LanguageCode }) {
  const { t } = useTranslation(undefined, { lng: language });
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('agpPrint.pages')}
        value={value}
        onChange={(e) => onChange(e.target.value === 'full' ? 'full' : 'agp')}
        data-testid="report-detail"
      >
        <option value="agp">{t('agpPrint.agpOnly')}</option>
        <option value="full">{t('agpPrint.withDetail')}</option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
