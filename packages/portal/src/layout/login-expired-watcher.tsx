import { useTranslation } from '@cgm-portal/i18n';
import { ConfirmDialog } from '@cgm-portal/ui';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isPublicPath, loginRedirectFor, PATHS } from '../routes/paths';
import { loginExpiredSignal, useLoginExpired } from '../session/login-expired';
import { useSession } from '../session/session-context';

/**
 * Code 300 (spec §4, §8): on the home path go straight to /login; elsewhere the "System
 * prompts" alert offers Re-login, which goes to /login with a `from` query.
 */
export function LoginExpiredWatcher() {
  const { t } = useTranslation();
  const { userInfo, forget } = useSession();
  const navigate = useNavigate();
  const expired = useLoginExpired();
  const href = useRouterState({ select: (s) => s.location.href });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const homePath = userInfo?.homePath ?? PATHS.home;
  const onPublicPage = isPublicPath(pathname);
  const onHome = pathname === homePath || pathname === '/';

  useEffect(() => {
    if (!expired) return;
    if (onPublicPage) {
      // A sign-in attempt or a public report cannot "expire"; nothing to prompt.
      loginExpiredSignal.reset();
    } else if (onHome) {
      loginExpiredSignal.reset();
      forget();
      void navigate({ to: PATHS.login });
    }
  }, [expired, onPublicPage, onHome, forget, navigate]);

  const reLogin = () => {
    loginExpiredSignal.reset();
    forget();
    const target = loginRedirectFor(href);
    void navigate({ to: target.to, search: target.search });
  };

  return (
    <ConfirmDialog
      open={expired && !onPublicPage && !onHome}
      onOpenChange={() => undefined}
      blocking
      title={t('errors.systemPrompts')}
      confirmLabel={t('errors.reLogin')}
      onConfirm={reLogin}
    >
      {t('errors.loginExpired')}
    </ConfirmDialog>
  );
}
