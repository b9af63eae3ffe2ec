import { CloseButton, Dialog, Portal, Tabs } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { NotificationSettings } from '../features/notifications/notification-settings';
import { BasicInfoForm } from './basic-info-form';
import { ChangePasswordForm } from './change-password-form';

export type SettingsTab = 'basic' | 'password' | 'notifications';

/**
 * The settings dialog of the user menu: Basic information and Change password (spec §2 Layout),
 * and Notifications (push on this device, its devices, the alerts received), which every
 * recipient needs, followers included. `tab` null means closed.
 */
export function SettingsDialog({ tab, onTabChange }: { tab: SettingsTab | null; onTabChange: (tab: SettingsTab | null) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={tab !== null} onOpenChange={(e) => !e.open && onTabChange(null)} placement="center" size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('layout.settings')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Tabs.Root value={tab ?? 'basic'} onValueChange={(e) => onTabChange(e.value as SettingsTab)} colorPalette="brand" lazyMount unmountOnExit>
                <Tabs.List>
                  <Tabs.Trigger value="basic">{t('layout.basicInformation')}</Tabs.Trigger>
                  <Tabs.Trigger value="password">{t('layout.changePassword')}</Tabs.Trigger>
                  <Tabs.Trigger value="notifications">{t('liveAlerts.notifications.title')}</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="basic">
                  <BasicInfoForm />
                </Tabs.Content>
                <Tabs.Content value="password">
                  <ChangePasswordForm />
                </Tabs.Content>
                <Tabs.Content value="notifications">
                  <NotificationSettings />
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
