import { Button, Field, HStack, Input, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { ApiError } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { ErrorAlert, toaster } from '@cgm-portal/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AuthFrame } from '../layout/auth-frame';
import { normalizePhone } from '../forms/login-form';
import { PasswordField } from '../forms/password-field';
import { MIN_PASSWORD_LENGTH, validateNewPassword } from '../forms/password-rules';
import { useCountdown } from '../forms/use-countdown';
import { useSession } from '../session/session-context';

type Errors = Partial<Record<'account' | 'code' | 'newPassword' | 'confirm', string>>;

/** The account is an e-mail when it has an @, otherwise a phone number. */
function accountOf(value: string): { email: string } | { mobile: string } | null {
  const v = value.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return { email: v };
  const phone = normalizePhone(v);
  return /^\+?[0-9]{7,15}$/.test(phone) ? { mobile: phone } : null;
}

/** Forgot password (spec §2): send code, enter code, set the new password twice. */
export function ForgetPage() {
  const { t } = useTranslation();
  const { api } = useSession();
  const navigate = useNavigate();
  const countdown = useCountdown();
  const [accountText, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'code' | 'submit' | null>(null);

  const account = accountOf(accountText);
  const accountError = !accountText.trim() ? 'validation.enterPhone' : account ? undefined : 'validation.enterValidEmail';

  async function sendCode() {
    setServerError(null);
    if (!account) return setErrors({ account: accountError });
    setBusy('code');
    try {
      await api.sendVerifyCode({ ...account, purpose: 'resetPassword' });
      toaster.create({ type: 'success', title: t('forget.codeSent') });
      countdown.start();
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    } finally {
      setBusy(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const found: Errors = { ...validateNewPassword(newPassword, confirm) };
    if (!account) found.account = accountError;
    if (!/^[0-9]{6}$/.test(code.trim())) found.code = 'validation.enterCode';
    setErrors(found);
    if (Object.values(found).some(Boolean) || !account) return;
    setBusy('submit');
    try {
      await api.resetPassword({ ...account, verifyCode: code.trim(), newPassword: await api.encryptPassword(newPassword) });
      toaster.create({ type: 'success', title: t('forget.resetDone') });
      await navigate({ to: '/login' });
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <AuthFrame title={t('forget.title')} subtitle={t('forget.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="5">
          <Field.Root invalid={!!errors.account} required>
            <Field.Label>{t('forget.account')}</Field.Label>
            <Input name="account" autoComplete="username" value={accountText} onChange={(e) => setAccount(e.target.value)} />
            <Field.ErrorText>{errors.account && t(errors.account)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.code} required>
            <Field.Label>{t('forget.code')}</Field.Label>
            <HStack w="full">
              <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
              <Button variant="outline" onClick={sendCode} loading={busy === 'code'} disabled={countdown.left > 0} flexShrink={0}>
                {countdown.left > 0 ? t('forget.resendIn', { seconds: countdown.left }) : t('forget.sendCode')}
              </Button>
            </HStack>
            <Field.ErrorText>{errors.code && t(errors.code)}</Field.ErrorText>
          </Field.Root>
          <PasswordField
            name="newPassword"
            label={t('forget.newPassword')}
            autoComplete="new-password"
            value={newPassword}
            onChange={setNewPassword}
            error={errors.newPassword && t(errors.newPassword, { min: MIN_PASSWORD_LENGTH })}
          />
          <PasswordField
            name="confirmPassword"
            label={t('forget.confirmPassword')}
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            error={errors.confirm && t(errors.confirm)}
          />
          <ErrorAlert message={serverError} />
          <Button type="submit" colorPalette="brand" size="lg" loading={busy === 'submit'}>
            {t('forget.submit')}
          </Button>
          <ChakraLink asChild color="brand.fg" alignSelf="center">
            <Link to="/login">{t('forget.backToLogin')}</Link>
          </ChakraLink>
        </Stack>
      </form>
    </AuthFrame>
  );
}
