import { LocaleProvider } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import type { ReactNode } from 'react';

/**
 * The page language for Chakra's (Ark's) components, which take their direction from a
 * LocaleProvider and not from the document: without it every tab list, radio group and menu is
 * dir="ltr" inside an Arabic or Persian page. Mounted once, inside the i18n provider.
 */
export function PageLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <LocaleProvider locale={i18n.language}>{children}</LocaleProvider>;
}
