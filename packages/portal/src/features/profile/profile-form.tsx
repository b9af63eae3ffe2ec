import { Avatar, Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@cgm-portal/api-client';
import { useLanguage, useTranslation } from '@cgm-portal/i18n';
import { ErrorAlert, toaster } from '@cgm-portal/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { memberInfoQuery } from '../../session/queries';
import { useSession } from '../../session/session-context';
import { ErrorBlock, LoadingBlock } from '../glucose/query-states';
import {
  ageInYears,
  GENDERS,
  HUMAN_DIABETES_TYPES,
  INSULIN_TYPES,
  PET_DIABETES_TYPES,
  profileFormOf,
  profilePayload,
  showsDiagnosisYear,
  SYRINGE_TYPES,
  validateAvatar,
  validateProfile,
  withDiabetesType,
  type ProfileErrors,
  type ProfileField,
  type ProfileForm as ProfileFormValues,
} from './profile-rules';

/** The profile of a CGM user (spec §3): the human or the pet form, as the variant says. */
export function ProfileForm() {
  const { api } = useSession();
  const info = useQuery(memberInfoQuery(api));
  if (info.isPending) return <LoadingBlock lines={4} height="48px" />;
  if (info.isError) return <ErrorBlock error={info.error} onRetry={() => void info.refetch()} />;
  return <ProfileEditor key={info.dataUpdatedAt} initial={profileFormOf(info.data)} country={info.data?.country ?? null} />;
}

function ProfileEditor({ initial, country }: { initial: ProfileFormValues; country: string | null }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { api, variant, memberSettings } = useSession();
  const kind = variant.profileForm;
  const queryClient = useQueryClient();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const today = DateTime.now().setZone(memberSettings.timeZone);
  const age = ageInYears(form.birthday, today);

  const set = (field: ProfileField, value: string) => {
    setForm((f) => (field === 'diabetesType' ? withDiabetesType(f, value) : { ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, ...(field === 'diabetesType' ? { diabetesDiagnosisYear: undefined } : {}) }));
  };
  const errorText = (field: ProfileField) => errors[field] && t(errors[field].key, errors[field].values);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = validateAvatar(file);
    setErrors((e) => ({ ...e, avatar: problem ?? undefined }));
    if (problem) return;
    setUploading(true);
    try {
      const { fileUrl } = await api.uploadImage({ file, subPath: 'memberAvatar' });
      setForm((f) => ({ ...f, avatar: fileUrl }));
      toaster.create({ type: 'success', title: t('profile.avatarUpdated') });
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const found = validateProfile(form, kind, today);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await api.saveMemberInfo(profilePayload(form, kind, today));
      // Spec §7: on 200 "Update successful" and the user info is reloaded.
      toaster.create({ type: 'success', title: t('settings.saved') });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  const text = (field: ProfileField, label: string, props: { type?: string; inputMode?: 'decimal'; max?: string; onBlurRequired?: string } = {}) => (
    <FieldBox field={field} label={label} error={errorText(field)}>
      <Input
        name={field}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        max={props.max}
        value={form[field]}
        onChange={(e) => set(field, e.target.value)}
        onBlur={() => props.onBlurRequired && !form[field].trim() && setErrors((e) => ({ ...e, [field]: { key: props.onBlurRequired! } }))}
      />
    </FieldBox>
  );
  const select = (field: ProfileField, label: string, options: { value: string | number; label: string }[]) => (
    <FieldBox field={field} label={label} error={errorText(field)}>
      <NativeSelect.Root>
        <NativeSelect.Field name={field} value={form[field]} onChange={(e) => set(field, e.target.value)}>
          <option value="">{t('common.selectPlaceholder')}</option>
          {options.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldBox>
  );

  const countryName = country ? (new Intl.DisplayNames([language], { type: 'region' }).of(country) ?? country) : t('common.notSet');
  const years = Array.from({ length: today.year - 1900 + 1 }, (_, i) => today.year - i);

  return (
    <form onSubmit={submit} noValidate data-testid={`profile-form-${kind}`}>
      <Stack gap="4">
        <HStack gap="4">
          <Avatar.Root size="xl">
            <Avatar.Fallback name={form.memberName} />
            {form.avatar && <Avatar.Image src={api.fileUrl(form.avatar)} alt={t('profile.avatar')} data-testid="avatar-image" />}
          </Avatar.Root>
          <Stack gap="1">
            <Button size="sm" variant="outline" loading={uploading} onClick={() => fileInput.current?.click()}>
              {t('profile.uploadAvatar')}
            </Button>
            <input ref={fileInput} type="file" accept="image/*" name="avatar" hidden onChange={upload} data-testid="avatar-input" />
            {errors.avatar && (
              <Text fontSize="sm" color="fg.error">
                {errorText('avatar')}
              </Text>
            )}
          </Stack>
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('memberName', t(kind === 'pet' ? 'profile.pet.petName' : 'profile.memberName'), { onBlurRequired: kind === 'pet' ? 'validation.enterPetName' : 'validation.enterName' })}
          {kind === 'pet' && text('breed', t('profile.pet.breed'))}
          {kind === 'pet' &&
            select('petType', t('profile.pet.petType'), [
              { value: 'cat', label: t('profile.pet.petTypes.cat') },
              { value: 'dog', label: t('profile.pet.petTypes.dog') },
            ])}
          <Field.Root readOnly>
            <Field.Label>{t('profile.country')}</Field.Label>
            <Input name="country" value={countryName} readOnly />
          </Field.Root>
          {text('birthday', t('profile.birthday'), { type: 'date', max: today.toISODate()! })}
          {kind === 'pet' && (
            <Field.Root readOnly>
              <Field.Label>{t('profile.pet.age')}</Field.Label>
              <Input name="age" readOnly value={age === null ? '' : t('profile.pet.ageYears', { count: age })} />
            </Field.Root>
          )}
          {kind === 'human' &&
            select(
              'gender',
              t('profile.gender'),
              GENDERS.map((g) => ({ value: g, label: t(`profile.genders.${g}`) })),
            )}
          {select(
            'diabetesType',
            t(kind === 'pet' ? 'profile.pet.diabetesType' : 'profile.diabetesType'),
            (kind === 'pet' ? PET_DIABETES_TYPES : HUMAN_DIABETES_TYPES).map((d) => ({ value: d, label: t(`${kind === 'pet' ? 'profile.pet' : 'profile'}.diabetesTypes.${d}`) })),
          )}
          {kind === 'human' &&
            showsDiagnosisYear(form.diabetesType) &&
            select(
              'diabetesDiagnosisYear',
              t('profile.diagnosisYear'),
              years.map((y) => ({ value: y, label: String(y) })),
            )}
          {kind === 'pet' && text('weight', t('profile.pet.weightKg'), { inputMode: 'decimal' })}
          {kind === 'pet' &&
            select(
              'insulinType',
              t('profile.pet.insulinType'),
              INSULIN_TYPES.map((i) => ({ value: i.value, label: t(`profile.pet.insulinTypes.${i.key}`) })),
            )}
          {kind === 'pet' && text('insulinFreq', t('profile.pet.insulinFreq'), { inputMode: 'decimal' })}
          {kind === 'pet' && text('insulinDose', t('profile.pet.insulinDose'), { inputMode: 'decimal' })}
          {kind === 'pet' &&
            select(
              'syringeType',
              t('profile.pet.syringeType'),
              SYRINGE_TYPES.map((s) => ({ value: s, label: t(`profile.pet.syringeTypes.${s}`) })),
            )}
        </SimpleGrid>
        <ErrorAlert message={serverError} />
        <Button type="submit" colorPalette="brand" loading={busy} alignSelf="flex-start">
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}

function FieldBox({ field, label, error, children }: { field: string; label: string; error?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={!!error} required data-field={field}>
      <Field.Label>{label}</Field.Label>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
