import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { BasicInfoForm } from '../../layout/basic-info-form';
import { ChangePasswordForm } from '../../layout/change-password-form';
import { Section } from '../glucose/metric-tile';

/** Profile (spec §2): personal information and change password, the two tabs of the settings dialog side by side. */
export function ProfileScreen() {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 1, xl: 3 }} gap="4" alignItems="start">
      <Section title={t('layout.basicInformation')} testId="profile-basic">
        <BasicInfoForm />
      </Section>
      <Section title={t('layout.changePassword')} testId="profile-password">
        <ChangePasswordForm />
      </Section>
    </SimpleGrid>
  );
}
