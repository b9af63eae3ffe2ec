import {
  Button,
  Checkbox,
  Dialog,
  Field,
  HStack,
  Input,
  Link as ChakraLink,
  Portal,
  RadioGroup,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { ApiError } from '@cgm-portal/api-client';
import { Trans, useTranslation } from '@cgm-portal/i18n';
import { ErrorAlert, toaster } from '@cgm-portal/ui';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AuthFrame } from '../layout/auth-frame';
import { EMPTY_LOGIN_FORM, normalizePhone, validateAccount, validateLogin, type LoginErrors, type LoginForm } from '../forms/login-form';
import { PasswordField } from '../forms/password-field';
import { useCountdown } from '../forms/use-countdown';
import { safeFromPath } from '../routes/paths';
import { useSession } from '../session/session-context';

function LegalDialog({ kind, onClose }: { kind: 'terms' | 'privacy' | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={kind !== null} onOpenChange={(e) => !e.open && onClose()} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{kind === 'privacy' ? t('login.privacyPolicy') : t('login.termsOfService')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text whiteSpace="pre-line">{kind === 'privacy' ? t('login.privacyBody') : t('login.termsBody')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="brand">{t('common.close')}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Sign in (spec §2 Login): CGM user or follower, e-mail or phone, password or code. */
export function LoginPage() {
  const { t } = useTranslation();
  const { api, signIn } = useSession();
  const navigate = useNavigate();
  const { from } = useSearch({ from: '/login' });
  const [form, setForm] = useState<LoginForm>(EMPTY_LOGIN_FORM);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sendingCode, setSendingCode] = useState(false);
  const [legal, setLegal] = useState<'terms' | 'privacy' | null>(null);
  const countdown = useCountdown();

  const set = <K extends keyof LoginForm>(key: K, value: LoginForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const account = () => (form.by === 'email' ? { email: form.email.trim() } : { mobile: normalizePhone(form.phone) });

  async function sendCode() {
    const accountErrors = validateAccount(form);
    setErrors(accountErrors);
    if (Object.keys(accountErrors).length > 0) return;
    setSendingCode(true);
    try {
      await api.sendVerifyCode({ ...account(), purpose: 'login' });
      toaster.create({ type: 'success', title: t('login.codeSent') });
      countdown.start();
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    } finally {
      setSendingCode(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const found = validateLogin(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const secret =
        form.method === 'password'
          ? { password: await api.encryptPassword(form.password) }
          : { verifyCode: form.code.trim() };
      const response = await api.login({ loginType: form.loginType, ...account(), ...secret });
      if (!response.item) {
        setServerError(response.message || t('login.loginFailed'));
        return;
      }
      const userInfo = await signIn(response.item, form.rememberMe);
      const target = safeFromPath(from) ?? userInfo?.homePath ?? '/';
      await navigate({ to: target });
    } catch (error) {
      setServerError(error instanceof ApiError && error.message ? error.message : t('login.loginFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthFrame title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate aria-describedby={serverError ? 'login-error' : undefined}>
        <Stack gap="5">
          <RadioGroup.Root
            value={String(form.loginType)}
            onValueChange={(e) => set('loginType', e.value === '3' ? 3 : 2)}
            colorPalette="brand"
          >
            <RadioGroup.Label>{t('login.loginType')}</RadioGroup.Label>
            <HStack gap="6" mt="2">
              {([
                ['2', t('login.cgmUser')],
                ['3', t('login.follower')],
              ] as const).map(([value, label]) => (
                <RadioGroup.Item key={value} value={value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>

          <Tabs.Root value={form.by} onValueChange={(e) => set('by', e.value === 'phone' ? 'phone' : 'email')} variant="line" fitted colorPalette="brand">
            <Tabs.List>
              <Tabs.Trigger value="email">{t('login.byEmail')}</Tabs.Trigger>
              <Tabs.Trigger value="phone">{t('login.byPhone')}</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="email" pb="0">
              <Field.Root invalid={!!errors.email} required>
                <Field.Label>{t('login.email')}</Field.Label>
                <Input type="email" name="email" autoComplete="username" value={form.email} onChange={(e) => set('email', e.target.value)} />
                <Field.ErrorText>{errors.email && t(errors.email)}</Field.ErrorText>
              </Field.Root>
            </Tabs.Content>
            <Tabs.Content value="phone" pb="0">
              <Field.Root invalid={!!errors.phone} required>
                <Field.Label>{t('login.phone')}</Field.Label>
                <Input type="tel" name="phone" autoComplete="tel" value={form.phone} onChange={(e) => set('phone', e.target.value)} />
                <Field.ErrorText>{errors.phone && t(errors.phone)}</Field.ErrorText>
              </Field.Root>
            </Tabs.Content>
          </Tabs.Root>

          {form.method === 'password' ? (
            <PasswordField
              name="password"
              label={t('login.password')}
              autoComplete="current-password"
              value={form.password}
              onChange={(v) => set('password', v)}
              error={errors.password && t(errors.password)}
            />
          ) : (
            <Field.Root invalid={!!errors.code} required>
              <Field.Label>{t('login.verificationCode')}</Field.Label>
              <HStack w="full">
                <Input inputMode="numeric" name="code" autoComplete="one-time-code" maxLength={6} value={form.code} onChange={(e) => set('code', e.target.value)} />
                <Button variant="outline" onClick={sendCode} loading={sendingCode} disabled={countdown.left > 0} flexShrink={0}>
                  {countdown.left > 0 ? t('login.resendIn', { seconds: countdown.left }) : t('login.sendCode')}
                </Button>
              </HStack>
              <Field.ErrorText>{errors.code && t(errors.code)}</Field.ErrorText>
            </Field.Root>
          )}

          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <ChakraLink as="button" type="button" colorPalette="brand" color="brand.fg" onClick={() => set('method', form.method === 'password' ? 'code' : 'password')}>
              {form.method === 'password' ? t('login.loginWithCode') : t('login.loginWithPassword')}
            </ChakraLink>
            <ChakraLink asChild color="brand.fg">
              <Link to="/forget">{t('login.forgotPassword')}</Link>
            </ChakraLink>
          </HStack>

          <Checkbox.Root checked={form.rememberMe} onCheckedChange={(e) => set('rememberMe', e.checked === true)} colorPalette="brand">
            <Checkbox.HiddenInput name="rememberMe" />
            <Checkbox.Control />
            <Checkbox.Label>{t('login.rememberMe')}</Checkbox.Label>
          </Checkbox.Root>

          <Field.Root invalid={!!errors.agreed}>
            <Checkbox.Root checked={form.agreed} onCheckedChange={(e) => set('agreed', e.checked === true)} colorPalette="brand" alignItems="flex-start">
              <Checkbox.HiddenInput name="agreed" />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label fontWeight="normal">
                <Trans
                  i18nKey="login.agreement"
                  components={{
                    terms: <ChakraLink as="button" type="button" color="brand.fg" textDecoration="underline" onClick={(e) => { e.preventDefault(); setLegal('terms'); }} />,
                    privacy: <ChakraLink as="button" type="button" color="brand.fg" textDecoration="underline" onClick={(e) => { e.preventDefault(); setLegal('privacy'); }} />,
                  }}
                />
              </Checkbox.Label>
            </Checkbox.Root>
            <Field.ErrorText>{errors.agreed && t(errors.agreed)}</Field.ErrorText>
          </Field.Root>

          <ErrorAlert message={serverError} id="login-error" />

          <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText={t('login.signingIn')}>
            {t('login.signIn')}
          </Button>
        </Stack>
      </form>
      <LegalDialog kind={legal} onClose={() => setLegal(null)} />
    </AuthFrame>
  );
}
