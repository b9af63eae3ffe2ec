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

/** Printing shows the page's content only: navigation chrome and controls carry data-print-hide. */
const PRINT_CSS = '@media print { [data-print-hide] { display: none !important; } html, body { background: white !important; } }';

export function RootDocument() {
  useDocumentTitle();
  return (
    <>
      <style>{PRINT_CSS}</style>
      <Outlet />
      <LoginExpiredWatcher />
      <Toaster />
    </>
  );
}
