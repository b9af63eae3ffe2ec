import { Center, Text } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';

// The doctor's detail view arrives with the followers issue.
export function DoctorDetailPage() {
  const { t } = useTranslation();
  return (
    <Center minH="60vh" as="main">
      <Text>{t('common.noData')}</Text>
    </Center>
  );
}
