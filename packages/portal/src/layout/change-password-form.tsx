import { Button, Stack } from '@chakra-ui/react';
import { ApiError } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { ConfirmDialog, ErrorAlert } from '@cgm-portal/ui';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../forms/password-field';
import { MIN_PASSWORD_LENGTH, validateNewPassword } from '../forms/password-rules';
import { useSession } from '../session/session-context';

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirm', string>>;

/**
 * Change password (spec §3 Password form, §4): old and new are RSA-encrypted before they
 * leave the browser; success shows a blocking notice and then signs out to /login.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { api, forget } = useSession();
  const navigate = useNavigate();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const found: Errors = { ...validateNewPassword(newPassword, confirm) };
    if (!oldPassword) found.oldPassword = 'validation.enterOldPassword';
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const [oldEncrypted, newEncrypted] = await Promise.all([api.encryptPassword(oldPassword), api.encryptPassword(newPassword)]);
      await api.modifyPassword({ oldPassword: oldEncrypted, newPassword: newEncrypted });
      setDone(true);
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  const finish = async () => {
    forget();
    await navigate({ to: '/login' });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <PasswordField
          name="oldPassword"
          label={t('profile.password.oldPassword')}
          autoComplete="current-password"
          value={oldPassword}
          onChange={setOld}
          error={errors.oldPassword && t(errors.oldPassword)}
        />
        <PasswordField
          name="newPassword"
          label={t('profile.password.newPassword')}
          autoComplete="new-password"
          value={newPassword}
          onChange={setNew}
          error={errors.newPassword && t(errors.newPassword, { min: MIN_PASSWORD_LENGTH })}
        />
        <PasswordField
          name="confirmPassword"
          label={t('profile.password.confirmPassword')}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm && t(errors.confirm)}
        />
        <ErrorAlert message={serverError} />
        <Button type="submit" colorPalette="brand" loading={busy} alignSelf="flex-start">
          {t('profile.password.submit')}
        </Button>
      </Stack>
      <ConfirmDialog open={done} onOpenChange={() => undefined} blocking title={t('profile.password.passwordChanged')} confirmLabel={t('common.ok')} onConfirm={finish} />
    </form>
  );
}
