import { LoginExpiredError } from '@cgm-portal/api-client';
import { isLanguageCode } from '@cgm-portal/i18n';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { validateAgpReportSearch } from '../features/agp-report/report-search';
import { validateGlucoseReportSearch } from '../features/glucose-report/report-search';
import { RouteErrorPage } from '../screens/route-error-page';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from '../screens/status-pages';
import { RootDocument } from '../layout/root-document';
import { userInfoQuery } from '../session/queries';
import { loginExpiredSignal } from '../session/login-expired';
import { tokenStore } from '../session/token-store';
import type { PortalServices } from '../services';
import { withTimeout } from './lazy';
import { isMenuPathAllowed } from './menus';
import { loginRedirectFor, PATHS } from './paths';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key of the route title: the page title is "title – portal name" (spec §2). */
    titleKey?: string;
  }
}

export type RouterContext = PortalServices;

/** Route code loads on demand, and fails visibly after 120 s (spec §8). */
const screen = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  lazyRouteComponent(withTimeout(load), name);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootDocument,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: PATHS.login,
  staticData: { titleKey: 'routes.login' },
  validateSearch: (search: Record<string, unknown>): { from?: string } =>
    typeof search.from === 'string' ? { from: search.from } : {},
  component: screen(() => import('../screens/login-page'), 'LoginPage'),
});

const forgetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: PATHS.forget,
  staticData: { titleKey: 'routes.forgetPassword' },
  component: screen(() => import('../screens/forget-page'), 'ForgetPage'),
});

const statusRoutes = (
  [
    [PATHS.forbidden, 'routes.forbidden', ForbiddenPage],
    [PATHS.notFound, 'routes.notFound', NotFoundPage],
    [PATHS.serverError, 'routes.serverError', ServerErrorPage],
  ] as const
).map(([path, titleKey, component]) =>
  // Tiny and needed by the not-found fallback anyway, so they ship in the main chunk.
  createRoute({ getParentRoute: () => rootRoute, path, staticData: { titleKey }, component }),
);

/** Report pages may fix the period and paper in their query (the PDF printer does). */
interface ReportSearch {
  from?: number;
  to?: number;
  lang?: string;
  pageSize?: 'A4' | 'Letter';
  detail?: 'agp' | 'full';
}
const validateReportSearch = (search: Record<string, unknown>): ReportSearch => {
  const int = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? Number(v) : undefined);
  return {
    from: int(search.from),
    to: int(search.to),
    lang: typeof search.lang === 'string' ? search.lang : undefined,
    pageSize: search.pageSize === 'Letter' ? 'Letter' : search.pageSize === 'A4' ? 'A4' : undefined,
    detail: search.detail === 'full' ? 'full' : search.detail === 'agp' ? 'agp' : undefined,
  };
};

const reportPdfRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reportPdf/$id',
  validateSearch: validateReportSearch,
  staticData: { titleKey: 'routes.reportPdf' },
  component: screen(() => import('../screens/public-report-page'), 'ReportPdfPage'),
});

const publicReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/report/$lang/$id',
  staticData: { titleKey: 'routes.report' },
  validateSearch: validateReportSearch,
  // Only the 18 languages of the spec have a report route; anything else is not found.
  beforeLoad: ({ params }) => {
    if (!isLanguageCode(params.lang)) throw notFound();
  },
  component: screen(() => import('../screens/public-report-page'), 'PublicReportPage'),
});

const doctorDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/doctorDetail/$id',
  staticData: { titleKey: 'routes.doctorDetail' },
  component: screen(() => import('../screens/doctor-detail-page'), 'DoctorDetailPage'),
});

/** Everything behind sign-in, inside the main layout. */
const mainRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'main',
  beforeLoad: async ({ context, location }) => {
    if (!tokenStore.get()) throw redirect(loginRedirectFor(location.href));
    let userInfo;
    try {
      userInfo = await context.queryClient.ensureQueryData(userInfoQuery(context.api));
    } catch (error) {
      // Spec §4, code 300: on the home path straight to /login; elsewhere the page stays and
      // the layout's "System prompts" alert offers Re-login.
      if (error instanceof LoginExpiredError && (location.pathname === '/' || location.pathname === PATHS.home)) {
        tokenStore.clear();
        loginExpiredSignal.reset();
        throw redirect({ to: PATHS.login });
      }
      // Spec §4: if the user-info fetch fails, navigation continues without it.
      return { userInfo: undefined };
    }
    if (location.pathname === '/') throw redirect({ to: userInfo.homePath });
    // Menu routes come from the server's user info: a path it does not grant is forbidden.
    if (!isMenuPathAllowed(userInfo.menus, location.pathname)) throw redirect({ to: PATHS.forbidden });
    return { userInfo };
  },
  component: screen(() => import('../layout/main-layout'), 'MainLayout'),
});

const indexRoute = createRoute({ getParentRoute: () => mainRoute, path: '/' });

const memberScreens = (
  [
    [PATHS.home, 'routes.home', () => import('../screens/home-page'), 'HomePage'],
    [PATHS.sessionReport, 'routes.sessionReport', () => import('../screens/session-report-page'), 'SessionReportPage'],
    [PATHS.eventList, 'routes.eventList', () => import('../screens/event-list-page'), 'EventListPage'],
    [PATHS.followerList, 'routes.followerList', () => import('../screens/follower-list-page'), 'FollowerListPage'],
    [PATHS.follow, 'routes.follow', () => import('../screens/follow-page'), 'FollowPage'],
    [PATHS.followerRequest, 'routes.followerRequest', () => import('../screens/follower-request-page'), 'FollowerRequestPage'],
    [PATHS.settings, 'routes.settings', () => import('../screens/settings-page'), 'SettingsPage'],
    [PATHS.profile, 'routes.profile', () => import('../screens/profile-page'), 'ProfilePage'],
  ] as const
).map(([path, titleKey, load, name]) =>
  createRoute({
    getParentRoute: () => mainRoute,
    path,
    staticData: { titleKey },
    component: screen(load as () => Promise<Record<string, unknown>>, name),
  }),
);

/** The reports keep their period in the URL; the default period has no query. */
const glucoseReportRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: PATHS.glucoseReport,
  staticData: { titleKey: 'routes.glucoseReport' },
  validateSearch: validateGlucoseReportSearch,
  component: screen(() => import('../screens/glucose-report-page'), 'GlucoseReportPage'),
});

const agpReportRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: PATHS.agpReport,
  staticData: { titleKey: 'routes.report' },
  validateSearch: validateAgpReportSearch,
  component: screen(() => import('../screens/agp-report-page'), 'AgpReportPage'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  forgetRoute,
  ...statusRoutes,
  reportPdfRoute,
  publicReportRoute,
  doctorDetailRoute,
  mainRoute.addChildren([indexRoute, glucoseReportRoute, agpReportRoute, ...memberScreens]),
]);

/** `history` is the browser's by default; Storybook and tests pass a memory history. */
export function createPortalRouter(services: PortalServices, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: services,
    history,
    defaultPreload: 'intent',
    // TanStack Query owns caching; loaders always run.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
  });
}

export type PortalRouter = ReturnType<typeof createPortalRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: PortalRouter;
  }
}
