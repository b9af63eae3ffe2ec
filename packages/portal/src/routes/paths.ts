import { LANGUAGES } from '@cgm-portal/i18n';

/** Every path the portal knows (spec §2 Routes). One source for links, guards and tests. */
export const PATHS = {
  login: '/login',
  forget: '/forget',
  home: '/home',
  sessionReport: '/sessionReport',
  glucoseReport: '/report',
  /** Below /report, so the Glucose Report menu entry grants it. */
  agpReport: '/report/agp',
  followerList: '/follower',
  follow: '/follow',
  followerRequest: '/followerRequest',
  eventList: '/eventList',
  settings: '/settings',
  profile: '/user/profile',
  forbidden: '/403',
  notFound: '/404',
  serverError: '/500',
} as const;

/** Paths that never need a token. Report and doctor pages are public by the spec. */
export function isPublicPath(pathname: string): boolean {
  if (pathname === PATHS.login || pathname === PATHS.forget) return true;
  if ([PATHS.forbidden, PATHS.notFound, PATHS.serverError].includes(pathname as never)) return true;
  if (/^\/reportPdf\/[^/]+$/.test(pathname) || /^\/doctorDetail\/[^/]+$/.test(pathname)) return true;
  const report = /^\/report\/([^/]+)\/[^/]+$/.exec(pathname);
  return report !== null && (LANGUAGES as readonly string[]).includes(report[1]!);
}

/**
 * Where a visitor without a token goes (spec §2): /login with `from` holding the original
 * path and query, omitted when the path is `/`.
 */
export function loginRedirectFor(href: string): { to: string; search: { from?: string } } {
  const path = href || '/';
  return { to: PATHS.login, search: path === '/' ? {} : { from: path } };
}

/**
 * A `from` value is only followed when it is a path of this portal: an absolute URL or a
 * protocol-relative `//host` would turn the login page into an open redirect.
 */
export function safeFromPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  if (from.startsWith(PATHS.login)) return null;
  return from;
}

/** Spec §2: "The page title is the route title followed by the portal name." */
export function pageTitle(routeTitle: string | undefined, portalName: string): string {
  return routeTitle ? `${routeTitle} – ${portalName}` : portalName;
}
