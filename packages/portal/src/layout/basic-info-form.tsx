import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { ApiError } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { ErrorAlert, toaster } from '@cgm-portal/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ProfileForm } from '../features/profile/profile-form';
import { useSession } from '../session/session-context';

/**
 * Basic information of the settings dialog and the profile page: a CGM user (account type 2)
 * fills in the whole profile, human or pet as the variant says (spec §3).
 */
export function BasicInfoForm() {
  const { userInfo } = useSession();
  return userInfo?.accountType === 2 ? <ProfileForm /> : <FollowerNameForm />;
}

/**
 * A follower's profile is only their name (spec §3 "Follower login profile"); on 200 it shows
 * "Update successful" and reloads the user info (spec §7).
 */
function FollowerNameForm() {
  const { t } = useTranslation();
  const { api, userInfo } = useSession();
  const queryClient = useQueryClient();
  const [memberName, setName] = useState(userInfo?.memberName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    if (!memberName.trim()) return setError('validation.enterName');
    setBusy(true);
    try {
      await api.saveMemberInfo({ memberName: memberName.trim() });
      toaster.create({ type: 'success', title: t('settings.saved') });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Field.Root invalid={!!error} required>
          <Field.Label>{t('profile.memberName')}</Field.Label>
          <Input
            name="memberName"
            autoComplete="name"
            value={memberName}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            onBlur={() => !memberName.trim() && setError('validation.enterName')}
          />
          <Field.ErrorText>{error && t(error)}</Field.ErrorText>
        </Field.Root>
        <ErrorAlert message={serverError} />
        <Button type="submit" colorPalette="brand" loading={busy} alignSelf="flex-start">
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
