import { Center, Text } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';

// The AGP report arrives with its own issue; these public routes exist so links resolve.
export function PublicReportPage() {
  const { t } = useTranslation();
  return (
    <Center minH="60vh" as="main">
      <Text>{t('common.noData')}</Text>
    </Center>
  );
}

export const ReportPdfPage = PublicReportPage;
