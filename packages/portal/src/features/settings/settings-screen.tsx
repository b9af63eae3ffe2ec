import { Button, Field, HStack, Input, NativeSelect, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ApiError, type GlucoseUnit, type MemberSeting } from '@cgm-portal/api-client';
import { isolate, useTranslation } from '@cgm-portal/i18n';
import { ErrorAlert, toaster } from '@cgm-portal/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { memberInfoQuery } from '../../session/queries';
import { useSession } from '../../session/session-context';
import { toUnit } from '../glucose/glucose-format';
import { useMemberGlucoseSettings } from '../glucose/member-settings';
import { Section } from '../glucose/metric-tile';
import { ErrorBlock, LoadingBlock } from '../glucose/query-states';
import { convertForm, formOf, validateSettings, type SettingsErrors, type SettingsForm, type ThresholdField } from './settings-rules';

const UNITS: GlucoseUnit[] = ['mmol/L', 'mg/dL'];

/** How often an alert nobody acknowledged repeats (urgent low: every 5 minutes, not a choice). */
const REPEAT_CHOICES = [15, 30, 60, 120];

/** Settings (spec §2): unit, custom target range and alerts, saved to the server. */
export function SettingsScreen() {
  const { api } = useSession();
  const info = useQuery(memberInfoQuery(api));
  const seting = info.data?.memberSeting;
  if (info.isError && !seting) return <ErrorBlock error={info.error} onRetry={() => void info.refetch()} />;
  if (!seting) return <LoadingBlock lines={3} height="60px" />;
  // Keyed by the saved settings so the form restarts from the server's answer after a save.
  return <SettingsEditor key={JSON.stringify(seting)} saved={seting} />;
}

function SettingsEditor({ saved }: { saved: MemberSeting }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const { standardTarget, isPet, petType } = useMemberGlucoseSettings();
  const [form, setForm] = useState<SettingsForm>(() => formOf(saved));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A server without live alerts sends no repeat interval: then the choice is not offered.
  const [repeatMinutes, setRepeatMinutes] = useState(saved.alertRepeatMinutes);

  const setValue = (field: ThresholdField, value: string) => {
    setForm((f) => ({ ...f, values: { ...f.values, [field]: value } }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const result = validateSettings(form);
    setErrors(result.errors);
    if (!result.seting) return;
    setBusy(true);
    try {
      const answer = await api.saveMemberSeting({ ...result.seting, ...(repeatMinutes !== undefined ? { alertRepeatMinutes: repeatMinutes } : {}) });
      // Every screen reads the unit and ranges from member info: refreshing it re-renders them all.
      queryClient.setQueryData(memberInfoQuery(api).queryKey, (info) => (info ? { ...info, memberSeting: answer } : info));
      await queryClient.invalidateQueries({ queryKey: memberInfoQuery(api).queryKey });
      toaster.create({ type: 'success', title: t('settings.saved') });
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: ThresholdField, label: string) => (
    <Field.Root invalid={!!errors[name]} required key={name}>
      <Field.Label>
        {label} ({form.unit})
      </Field.Label>
      <Input name={name} inputMode="decimal" value={form.values[name]} onChange={(e) => setValue(name, e.target.value)} />
      <Field.ErrorText>{errors[name] && t(errors[name].key, errors[name].values)}</Field.ErrorText>
    </Field.Root>
  );

  // One isolated range: in Arabic and Persian "3.9–10.0" would otherwise read "10.0–3.9".
  const standardText = t('settings.standardTir', { range: isolate(`${toUnit(standardTarget.low, form.unit)}–${toUnit(standardTarget.high, form.unit)} ${form.unit}`) });

  return (
    <form onSubmit={submit} noValidate data-testid="settings-form">
      <Stack gap="4" maxW="3xl">
        <Section title={t('settings.glucoseUnit')}>
          <RadioGroup.Root
            name="unit"
            value={form.unit}
            onValueChange={(e) => setForm((f) => convertForm(f, e.value as GlucoseUnit))}
            colorPalette="brand"
          >
            <HStack gap="6">
              {UNITS.map((u) => (
                <RadioGroup.Item key={u} value={u}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{u}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          <Text fontSize="sm" color="fg.muted" mt="2">
            {t('settings.unitAutoByRegion')}
          </Text>
        </Section>
        <Section
          title={t('settings.customTir')}
          actions={
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                // The recommended range in exact mg/dL, so 80 mg/dL is not saved back as 79 from "4.4".
                setForm((f) => ({
                  ...f,
                  values: { ...f.values, targetLow: String(toUnit(standardTarget.low, f.unit)), targetHigh: String(toUnit(standardTarget.high, f.unit)) },
                  origin: { ...f.origin, targetLow: standardTarget.low, targetHigh: standardTarget.high },
                }));
                setErrors((e) => ({ ...e, targetLow: undefined, targetHigh: undefined }));
              }}
            >
              {t('common.reset')}
            </Button>
          }
        >
          <Text fontSize="sm" color="fg.muted" mb="3" data-testid="standard-target">
            {isPet && petType ? `${t(`profile.pet.petTypes.${petType}`)}: ` : ''}
            {standardText}
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            {field('targetLow', t('settings.targetLow'))}
            {field('targetHigh', t('settings.targetHigh'))}
          </SimpleGrid>
        </Section>
        <Section title={t('settings.alerts')}>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            {field('urgentLowAlert', t('settings.urgentLow'))}
            {field('lowAlert', t('settings.lowAlert'))}
            {field('highAlert', t('settings.highAlert'))}
            {field('urgentHighAlert', t('settings.urgentHigh'))}
          </SimpleGrid>
          {repeatMinutes !== undefined && (
            <Field.Root mt="4">
              <Field.Label>{t('settings.alertRepeat')}</Field.Label>
              <NativeSelect.Root size="sm" width="auto">
                <NativeSelect.Field value={String(repeatMinutes)} onChange={(e) => setRepeatMinutes(Number(e.target.value))} data-testid="alert-repeat">
                  {[...new Set([...REPEAT_CHOICES, repeatMinutes])]
                    .sort((a, b) => a - b)
                    .map((minutes) => (
                      <option key={minutes} value={minutes}>
                        {t('common.minutes', { count: minutes })}
                      </option>
                    ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>{t('settings.alertRepeatHint')}</Field.HelperText>
            </Field.Root>
          )}
        </Section>
        <ErrorAlert message={serverError} />
        <Button type="submit" colorPalette="brand" loading={busy} alignSelf="flex-start">
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
