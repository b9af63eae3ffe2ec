import { useTranslation } from '@cgm-portal/i18n';
import { DataTransferPanel, UploadSecretPanel } from '../features/data-transfer';
import { DeliveryChannelsPanel } from '../features/settings/delivery-channels';
import { SettingsScreen } from '../features/settings/settings-screen';
import { ScreenFrame } from './screen-frame';

/** Settings: unit, target range and alerts; data in and out (import, export, upload secrets); how codes reach people. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t('routes.settings')}>
      <SettingsScreen />
      <DataTransferPanel />
      <UploadSecretPanel />
      <DeliveryChannelsPanel />
    </ScreenFrame>
  );
}
