import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { ApiError } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { ConfirmDialog } from '@cgm-portal/ui';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
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
        <Field.Root invalid={!!errors.oldPassword} required>
          <Field.Label>{t('profile.password.oldPassword')}</Field.Label>
          <Input type="password" name="oldPassword" autoComplete="current-password" value={oldPassword} onChange={(e) => setOld(e.target.value)} />
          <Field.ErrorText>{errors.oldPassword && t(errors.oldPassword)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.newPassword} required>
          <Field.Label>{t('profile.password.newPassword')}</Field.Label>
          <Input type="password" name="newPassword" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} />
          <Field.ErrorText>{errors.newPassword && t(errors.newPassword, { min: MIN_PASSWORD_LENGTH })}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.confirm} required>
          <Field.Label>{t('profile.password.confirmPassword')}</Field.Label>
          <Input type="password" name="confirmPassword" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <Field.ErrorText>{errors.confirm && t(errors.confirm)}</Field.ErrorText>
        </Field.Root>
        {serverError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{serverError}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" loading={busy} alignSelf="flex-start">
          {t('profile.password.submit')}
        </Button>
      </Stack>
      <ConfirmDialog open={done} onOpenChange={() => undefined} blocking title={t('profile.password.passwordChanged')} confirmLabel={t('common.ok')} onConfirm={finish} />
    </form>
  );
}
