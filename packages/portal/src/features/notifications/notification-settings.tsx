import { Alert, Badge, Box, Button, Checkbox, Field, Heading, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { ALARM_KINDS, ApiError, ResponseCode, type AddPushDeviceRequest, type AlarmKind, type AlertPreference, type PushDevice } from '@cgm-portal/api-client';
import { formatDateTime, useLanguage, useTranslation } from '@cgm-portal/i18n';
import { ConfirmDialog, ErrorAlert, toaster } from '@cgm-portal/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../../session/session-context';
import { serviceWorkerRegistration } from '../pwa/service-worker-registration';
import { alertPreferencesQuery, NOTIFICATIONS_KEY, pushDevicesQuery, thisDeviceId } from './notification-queries';
import { applicationServerKey, browserFacts, deviceLabel, pushSupport, type PushSupport } from './push-support';

const KINDS: readonly AlarmKind[] = ALARM_KINDS;

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

/** Whether this browser holds a push subscription now (null while asking). */
function useSubscribed(): [boolean | null, (value: boolean) => void] {
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void serviceWorkerRegistration()
      .then((registration) => registration?.pushManager.getSubscription() ?? null)
      .then((subscription) => current && setSubscribed(subscription !== null))
      .catch(() => current && setSubscribed(false));
    return () => {
      current = false;
    };
  }, []);
  return [subscribed, setSubscribed];
}

/** Push on this device: asks for permission only when the person clicks. */
function ThisDevice() {
  const { t } = useTranslation();
  const { api, variant } = useSession();
  const queryClient = useQueryClient();
  const [support, setSupport] = useState<PushSupport>(() => pushSupport(browserFacts()));
  const [subscribed, setSubscribed] = useSubscribed();
  const enable = useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setSupport(pushSupport(browserFacts()));
        return false;
      }
      const registration = await serviceWorkerRegistration();
      if (!registration) throw new Error('no service worker');
      const { publicKey } = await api.getPushKey();
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
      const device = await api.addPushDevice({ subscription: subscription.toJSON() as AddPushDeviceRequest['subscription'], name: deviceLabel(navigator.userAgent) });
      thisDeviceId.set(device.id);
      return true;
    },
    onSuccess: (done) => {
      if (!done) return;
      setSubscribed(true);
      toaster.create({ type: 'success', title: t('liveAlerts.notifications.enabled') });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });

  return (
    <Stack gap="3" data-testid="push-this-device" data-support={support}>
      <Heading as="h3" size="sm">
        {t('liveAlerts.notifications.thisDevice')}
      </Heading>
      {support === 'iosAddToHomeScreen' ? (
        <Alert.Root status="info" data-testid="push-ios-steps">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('liveAlerts.notifications.iosTitle')}</Alert.Title>
            <Alert.Description>
              <Box as="ol" ps="5" listStyleType="decimal">
                <li>{t('liveAlerts.notifications.iosStep1', { browser: 'Safari' })}</li>
                <li>{t('liveAlerts.notifications.iosStep2')}</li>
                <li>{t('liveAlerts.notifications.iosStep3', { portalName: variant.portalName })}</li>
              </Box>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : support === 'unsupported' ? (
        <Text color="fg.muted">{t('liveAlerts.notifications.unsupported')}</Text>
      ) : support === 'denied' ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('liveAlerts.notifications.denied')}</Alert.Title>
        </Alert.Root>
      ) : subscribed ? (
        <Text data-testid="push-enabled">{t('liveAlerts.notifications.enabledHere')}</Text>
      ) : (
        <Stack gap="2" align="flex-start">
          <Text fontSize="sm" color="fg.muted">
            {t('liveAlerts.notifications.enableHint')}
          </Text>
          <Button colorPalette="brand" size="sm" loading={enable.isPending || subscribed === null} onClick={() => enable.mutate()} data-testid="push-enable">
            {t('liveAlerts.notifications.enable')}
          </Button>
        </Stack>
      )}
      <ErrorAlert message={enable.isError ? errorText(enable.error, t('liveAlerts.notifications.enableFailed')) : null} />
    </Stack>
  );
}

function DeviceRow({ device, onRemove }: { device: PushDevice; onRemove: (device: PushDevice) => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { memberSettings } = useSession();
  const when = (ms: number) => formatDateTime(ms, { zone: memberSettings.timeZone, lang: language });
  return (
    <HStack as="li" listStyleType="none" justify="space-between" borderWidth="1px" borderRadius="md" p="3" gap="3" data-testid="push-device">
      <Stack gap="0">
        <HStack gap="2">
          <Text fontWeight="semibold">{device.name}</Text>
          {thisDeviceId.get() === device.id && <Badge colorPalette="brand">{t('liveAlerts.notifications.thisDevice')}</Badge>}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('liveAlerts.notifications.addedOn', { date: when(device.createdAt) })}
          {device.lastNotifiedAt !== null && ` · ${t('liveAlerts.notifications.lastNotified', { date: when(device.lastNotifiedAt) })}`}
        </Text>
      </Stack>
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => onRemove(device)} aria-label={`${t('liveAlerts.notifications.remove')}: ${device.name}`}>
        {t('liveAlerts.notifications.remove')}
      </Button>
    </HStack>
  );
}

/** Every device that receives this person's alerts, each removable; and a test notification. */
function DeviceList() {
  const { t } = useTranslation();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const devices = useQuery(pushDevicesQuery(api));
  const [removing, setRemoving] = useState<PushDevice | null>(null);
  const remove = useMutation({
    mutationFn: async (device: PushDevice) => {
      await api.removePushDevice({ id: device.id });
      if (thisDeviceId.get() === device.id) {
        thisDeviceId.clear();
        const registration = await serviceWorkerRegistration();
        await (await registration?.pushManager.getSubscription())?.unsubscribe();
      }
    },
    onSuccess: () => {
      setRemoving(null);
      toaster.create({ type: 'success', title: t('liveAlerts.notifications.removed') });
    },
    onError: (error) => toaster.create({ type: 'error', title: errorText(error, t('errors.generic')) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
  const test = useMutation({
    mutationFn: () => api.sendTestNotification(),
    onSuccess: () => toaster.create({ type: 'success', title: t('liveAlerts.notifications.testSent') }),
    onError: (error) => toaster.create({ type: 'error', title: errorText(error, t('errors.generic')) }),
  });
  const rows = devices.data ?? [];
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h3" size="sm">
          {t('liveAlerts.notifications.devices')}
        </Heading>
        {rows.length > 0 && (
          <Button size="xs" variant="outline" loading={test.isPending} onClick={() => test.mutate()} data-testid="push-test">
            {t('liveAlerts.notifications.test')}
          </Button>
        )}
      </HStack>
      {devices.isPending ? (
        <Text color="fg.muted">{t('common.loading')}</Text>
      ) : devices.isError ? (
        <ErrorAlert message={errorText(devices.error, t('errors.generic'))} />
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{t('liveAlerts.notifications.noDevices')}</Text>
      ) : (
        <Stack as="ul" gap="2">
          {rows.map((device) => (
            <DeviceRow key={device.id} device={device} onRemove={setRemoving} />
          ))}
        </Stack>
      )}
      <Text fontSize="xs" color="fg.muted">
        {t('liveAlerts.notifications.whatIsStored')}
      </Text>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('liveAlerts.notifications.removeTitle')}
        confirmLabel={t('liveAlerts.notifications.remove')}
        cancelLabel={t('common.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
      >
        {t('liveAlerts.notifications.removeConfirm', { name: removing?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One person's alerts as this recipient wants them: which, quiet hours, sound. */
function PreferenceForm({ saved }: { saved: AlertPreference }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(saved);
  const [quietError, setQuietError] = useState(false);
  const save = useMutation({
    mutationFn: ({ memberId, kinds, quietStart, quietEnd, sound }: AlertPreference) => api.saveAlertPreference({ memberId, kinds, quietStart, quietEnd, sound }),
    onSuccess: () => toaster.create({ type: 'success', title: t('liveAlerts.notifications.preferencesSaved') }),
    onError: (error) => toaster.create({ type: 'error', title: errorText(error, t('errors.generic')) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
  const submit = () => {
    const start = form.quietStart || null;
    const end = form.quietEnd || null;
    // Both or neither, each a real time: half a quiet period would silence alerts by surprise.
    const valid = (start === null && end === null) || (start !== null && end !== null && HH_MM.test(start) && HH_MM.test(end) && start !== end);
    setQuietError(!valid);
    if (valid) save.mutate({ ...form, quietStart: start, quietEnd: end });
  };
  const groupLabel = t('liveAlerts.notifications.alertsOf', { name: saved.memberName });
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="3" data-testid="alert-preference" data-member-id={saved.memberId}>
      <Text as="legend" fontWeight="semibold" px="1">
        {groupLabel}
      </Text>
      <Stack gap="3">
        <HStack gap="4" wrap="wrap">
          {KINDS.map((kind) => (
            <Checkbox.Root
              key={kind}
              checked={form.kinds[kind]}
              onCheckedChange={(e) => setForm((f) => ({ ...f, kinds: { ...f.kinds, [kind]: e.checked === true } }))}
              colorPalette="brand"
              size="sm"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`liveAlerts.alarms.kinds.${kind}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </HStack>
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="medium">
            {t('liveAlerts.notifications.quietHours')}
          </Text>
          <HStack gap="3" wrap="wrap" align="flex-end">
            <Field.Root maxW="36" invalid={quietError}>
              <Field.Label fontSize="xs">{t('common.from')}</Field.Label>
              <Input type="time" size="sm" value={form.quietStart ?? ''} onChange={(e) => setForm((f) => ({ ...f, quietStart: e.target.value || null }))} />
            </Field.Root>
            <Field.Root maxW="36" invalid={quietError}>
              <Field.Label fontSize="xs">{t('common.to')}</Field.Label>
              <Input type="time" size="sm" value={form.quietEnd ?? ''} onChange={(e) => setForm((f) => ({ ...f, quietEnd: e.target.value || null }))} />
            </Field.Root>
          </HStack>
          <Text fontSize="xs" color={quietError ? 'fg.error' : 'fg.muted'} role={quietError ? 'alert' : undefined}>
            {quietError ? t('liveAlerts.notifications.quietHoursInvalid') : t('liveAlerts.notifications.quietHoursHint')}
          </Text>
        </Stack>
        <Switch.Root checked={form.sound} onCheckedChange={(e) => setForm((f) => ({ ...f, sound: e.checked }))} colorPalette="brand" size="sm">
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('liveAlerts.notifications.sound')}</Switch.Label>
        </Switch.Root>
        <Button size="sm" alignSelf="flex-start" colorPalette="brand" loading={save.isPending} onClick={submit}>
          {t('common.save')}
        </Button>
      </Stack>
    </Box>
  );
}

function AlertPreferences() {
  const { t } = useTranslation();
  const { api } = useSession();
  const preferences = useQuery(alertPreferencesQuery(api));
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        {t('liveAlerts.notifications.preferences')}
      </Heading>
      {preferences.isPending ? (
        <Text color="fg.muted">{t('common.loading')}</Text>
      ) : preferences.isError ? (
        <ErrorAlert message={errorText(preferences.error, t('errors.generic'))} />
      ) : preferences.data.length === 0 ? (
        <Text color="fg.muted">{t('liveAlerts.notifications.noPreferences')}</Text>
      ) : (
        preferences.data.map((p) => <PreferenceForm key={`${p.memberId}-${JSON.stringify(p)}`} saved={p} />)
      )}
    </Stack>
  );
}

/** Settings → Notifications: push on this device, the devices, and the alerts received. */
export function NotificationSettings() {
  const { t } = useTranslation();
  const { api } = useSession();
  const devices = useQuery(pushDevicesQuery(api));
  // A server without push (an older one) answers "not found": say so instead of three errors.
  if (devices.error instanceof ApiError && devices.error.code === ResponseCode.notFound) {
    return <Text color="fg.muted" data-testid="notifications-unavailable">{t('liveAlerts.notifications.unavailable')}</Text>;
  }
  return (
    <Stack gap="6" data-testid="notification-settings">
      <ThisDevice />
      <DeviceList />
      <AlertPreferences />
    </Stack>
  );
}
