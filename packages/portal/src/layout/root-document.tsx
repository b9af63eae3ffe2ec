import { useTranslation } from '@cgm-portal/i18n';
import { Toaster } from '@cgm-portal/ui';
import { Outlet, useMatches, useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { pageTitle } from '../routes/paths';
import { LoginExpiredWatcher } from './login-expired-watcher';

/** Sets the page title from the deepest route that has one (spec §2). */
function useDocumentTitle() {
  const { t } = useTranslation();
  const { variant } = useRouteContext({ from: '__root__' });
  const titleKey = useMatches({
    select: (matches) => [...matches].reverse().find((m) => m.staticData?.titleKey)?.staticData?.titleKey,
  });
  const title = titleKey ? t(titleKey) : undefined;
  useEffect(() => {
    document.title = pageTitle(title, variant.portalName);
  }, [title, variant.portalName]);
}

export function RootDocument() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <LoginExpiredWatcher />
      <Toaster />
    </>
  );
}
