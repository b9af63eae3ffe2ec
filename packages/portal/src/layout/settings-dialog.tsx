import { CloseButton, Dialog, Portal, Tabs } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { BasicInfoForm } from './basic-info-form';
import { ChangePasswordForm } from './change-password-form';

/** The settings dialog of the user menu: Basic information and Change password (spec §2 Layout). */
export function SettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="center" size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('layout.settings')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Tabs.Root defaultValue="basic" colorPalette="brand" lazyMount unmountOnExit>
                <Tabs.List>
                  <Tabs.Trigger value="basic">{t('layout.basicInformation')}</Tabs.Trigger>
                  <Tabs.Trigger value="password">{t('layout.changePassword')}</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="basic">
                  <BasicInfoForm />
                </Tabs.Content>
                <Tabs.Content value="password">
                  <ChangePasswordForm />
                </Tabs.Content>
              </Tabs.Root>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
