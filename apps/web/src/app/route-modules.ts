/**
 * What each route of router.tsx loads lazily on a first visit: its page modules (the lazy parts of the
 * route and of its parent layout) and the side widgets it shows at once. Paths are relative to apps/web,
 * as in the Vite manifest. Plain data, read at build time (vite.config.ts preloads a route's chunks from the
 * start) and by the web bench (scripts/bench/web/sizes.ts); keep it in step with router.tsx.
 */
export type RouteModules = {
  /** A router path; `:name` stands for one segment. */
  path: string;
  modules: readonly string[];
  /** Side widgets shown at once (their bodies are chunks of their own, see widget-host.tsx). */
  widgets?: readonly string[];
  /** Under RequireSession (every route but the login page). */
  session: boolean;
  /**
   * API addresses (GET) the page asks for at once when its address has no query string, exactly as its
   * queries write them: fetched from the start with the session instead of once the page has rendered
   * (route-modules.test.ts checks them against the queries).
   */
  data?: readonly string[];
  /**
   * The page's first screen asks for the browser's time zone (the meetings' `tz`), the first use of Intl
   * on the page: index.html's script warms it while the chunks load (route-preload-script.ts).
   */
  timeZone?: boolean;
};

/** /tasks without a query: my active tasks' first page and the request templates of its menu. */
export const TASKS_DATA = ['/api/tasks/?view=exec&status=active&page=1', '/api/tasks/templates/'] as const;

const PEOPLE_WIDGET = 'src/app/widgets/people-widget-body.tsx';
const CALENDAR_WIDGET = 'src/features/meetings/components/today-calendar-widget.tsx';
const PROCESSES = 'src/features/processes/pages/processes-layout.tsx';

export const ROUTE_MODULES: readonly RouteModules[] = [
  { path: '/login', modules: ['src/features/auth/pages/login-page.tsx'], session: false },
  // Home opens the people and calendar widgets by itself; /people shows the people widget.
  {
    path: '/',
    modules: ['src/app/pages/home-page.tsx'],
    widgets: [PEOPLE_WIDGET, CALENDAR_WIDGET],
    session: true,
    timeZone: true,
  },
  {
    path: '/people',
    modules: ['src/features/people/pages/people-page.tsx'],
    widgets: [PEOPLE_WIDGET],
    session: true,
  },
  {
    path: '/tasks',
    modules: ['src/features/tasks/pages/tasks-page.tsx'],
    session: true,
    data: TASKS_DATA,
  },
  { path: '/calendar/vacations', modules: ['src/app/pages/calendar-route.tsx'], session: true },
  { path: '/news', modules: ['src/features/news/pages/news-page.tsx'], session: true },
  { path: '/switchCompany', modules: ['src/app/pages/switch-company-page.tsx'], session: true },
  { path: '/news/create', modules: ['src/features/news/pages/post-editor-page.tsx'], session: true },
  { path: '/news/edit/:id', modules: ['src/features/news/pages/post-editor-page.tsx'], session: true },
  {
    path: '/calendar/personal',
    modules: ['src/features/meetings/pages/personal-calendar-page.tsx'],
    session: true,
  },
  {
    path: '/calendar/events/:uuid',
    modules: ['src/features/meetings/pages/event-detail-page.tsx'],
    session: true,
    timeZone: true,
  },
  {
    path: '/knowledge-base',
    modules: ['src/features/knowledge-base/pages/knowledge-base-page.tsx'],
    session: true,
  },
  {
    path: '/knowledge-base/new-1',
    modules: ['src/features/knowledge-base/pages/knowledge-base-new-page.tsx'],
    session: true,
  },
  {
    path: '/new-workflow',
    modules: [PROCESSES, 'src/features/processes/pages/workflow-board-page.tsx'],
    session: true,
  },
  ...['/new-document', '/new-form', '/new-report'].map((path) => ({
    path,
    modules: [PROCESSES, 'src/features/processes/pages/process-coming-page.tsx'],
    session: true,
  })),
];
