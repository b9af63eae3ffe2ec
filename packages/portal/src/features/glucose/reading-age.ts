import type { useTranslation } from '@cgm-portal/i18n';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** How old the latest reading is, in words: the same text on the member's home and the follower's monitor. */
export function readingAgeText(minutesAgo: number, t: TFunction): string {
  if (minutesAgo < 1) return t('home.justNow');
  if (minutesAgo < 60) return t('home.minutesAgo', { count: minutesAgo });
  return t('home.hoursAgo', { count: Math.floor(minutesAgo / 60) });
}
