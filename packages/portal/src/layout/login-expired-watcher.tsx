import { useTranslation } from '@cgm-portal/i18n';
import { ConfirmDialog } from '@cgm-portal/ui';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isPublicPath, loginRedirectFor } from '../routes/paths';
import { useSession } from '../session/session-context';

/**
 * Code 300 (spec §4, §8): on the home path go straight to /login; elsewhere the "System
 * prompts" alert offers Re-login, which goes to /login with a `from` query.
 */
export function LoginExpiredWatcher() {
  const { t } = useTranslation();
  const { api, userInfo, forget } = useSession();
  const navigate = useNavigate();
  const href = useRouterState({ select: (s) => s.location.href });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [open, setOpen] = useState(false);
  const homePath = userInfo?.homePath ?? '/home';

  useEffect(
    () =>
      api.onLoginExpired(() => {
        if (isPublicPath(window.location.pathname)) return;
        if (window.location.pathname === homePath) {
          forget();
          void navigate({ to: '/login' });
        } else {
          setOpen(true);
        }
      }),
    [api, forget, homePath, navigate],
  );

  const reLogin = () => {
    setOpen(false);
    forget();
    const target = loginRedirectFor(href);
    void navigate({ to: target.to, search: target.search });
  };

  return (
    <ConfirmDialog
      open={open && pathname !== '/login'}
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
