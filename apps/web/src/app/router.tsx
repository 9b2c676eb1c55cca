import { type ReactElement, Suspense } from 'react';
import { createRoutesFromElements, matchRoutes, Route, useLocation, useRoutes } from 'react-router';
import { LogoutPage } from '../features/auth/pages/logout-page';
import { PageLoader } from '../ui/page-loader';
import { AppLayout } from './layout';
import { type LazyPart, lazyPart } from './lazy-parts';
import { PageErrorBoundary } from './page-error-boundary';
import { NotFoundPage } from './pages/not-found-page';
import { TestPage } from './pages/test-page';
import { RequireSession } from './session';
import { preloadWidgets } from './widgets/widget-host';

/** A page's chunk, loaded together with the widget bodies its route shows at once. */
const withWidgets = async <T,>(pathname: string, chunk: Promise<T>): Promise<T> =>
  (await Promise.all([chunk, preloadWidgets(pathname)]))[0];

// Keep in step with route-modules.ts, which tells the build and the web bench what each route loads.
const LoginPage = lazyPart(async () => (await import('../features/auth/pages/login-page')).LoginPage);
const HomePage = lazyPart(async () => (await withWidgets('/', import('./pages/home-page'))).HomePage);
const SwitchCompanyPage = lazyPart(
  async () => (await import('./pages/switch-company-page')).SwitchCompanyPage,
);
const CalendarRoute = lazyPart(async () => (await import('./pages/calendar-route')).CalendarRoute);
const TasksPage = lazyPart(async () => (await import('../features/tasks/pages/tasks-page')).TasksPage);
const PeoplePage = lazyPart(
  async () => (await withWidgets('/people', import('../features/people/pages/people-page'))).PeoplePage,
);
const NewsPage = lazyPart(async () => (await import('../features/news/pages/news-page')).NewsPage);
const PostEditorPage = lazyPart(
  async () => (await import('../features/news/pages/post-editor-page')).PostEditorPage,
);
const PersonalCalendarPage = lazyPart(
  async () => (await import('../features/meetings/pages/personal-calendar-page')).PersonalCalendarPage,
);
const EventDetailPage = lazyPart(
  async () => (await import('../features/meetings/pages/event-detail-page')).EventDetailPage,
);
const KnowledgeBasePage = lazyPart(
  async () => (await import('../features/knowledge-base/pages/knowledge-base-page')).KnowledgeBasePage,
);
const KnowledgeBaseNewPage = lazyPart(
  async () => (await import('../features/knowledge-base/pages/knowledge-base-new-page')).KnowledgeBaseNewPage,
);
// The processes screen: the "Workflows" list around each entry's screen. Only the board's own route
// loads the drag-and-drop library.
const ProcessesLayout = lazyPart(
  async () => (await import('../features/processes/pages/processes-layout')).ProcessesLayout,
);
const WorkflowBoardPage = lazyPart(
  async () => (await import('../features/processes/pages/workflow-board-page')).WorkflowBoardPage,
);
const ProcessComingPage = lazyPart(
  async () => (await import('../features/processes/pages/process-coming-page')).ProcessComingPage,
);

/**
 * The routes of the app; pages load on first visit, so a screen's code arrives only when it is opened (with
 * the side widgets it shows at once). Declared as elements, for a BrowserRouter: the data router (loaders,
 * actions), which the app does not use, weighed some 17 kB of gzip in every page's first load.
 */
const routes = createRoutesFromElements(
  <>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/logout" element={<LogoutPage />} />
    <Route path="/test" element={<TestPage />} />
    <Route element={<RequireSession />}>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="/switchCompany" element={<SwitchCompanyPage />} />
        <Route path="/calendar/vacations" element={<CalendarRoute />} />
        <Route path="/tasks" element={<TasksPage />} />
        <Route path="/people" element={<PeoplePage />} />
        <Route path="/news" element={<NewsPage />} />
        <Route path="/news/create" element={<PostEditorPage />} />
        <Route path="/news/edit/:id" element={<PostEditorPage />} />
        <Route path="/calendar/personal" element={<PersonalCalendarPage />} />
        <Route path="/calendar/events/:uuid" element={<EventDetailPage />} />
        <Route path="/knowledge-base" element={<KnowledgeBasePage />} />
        <Route path="/knowledge-base/new-1" element={<KnowledgeBaseNewPage />} />
        <Route element={<ProcessesLayout />}>
          <Route path="/new-workflow" element={<WorkflowBoardPage />} />
          {['/new-document', '/new-form', '/new-report'].map((path) => (
            <Route key={path} path={path} element={<ProcessComingPage />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Route>
  </>,
);

/**
 * Starts loading every lazy part the routes of `pathname` render, a layout's and its page's together;
 * resolves once they are all there (rejects when one fails to load).
 */
export async function preloadPage(pathname: string): Promise<void> {
  const parts = (matchRoutes(routes, pathname) ?? []).map(
    ({ route }) => (route.element as ReactElement | undefined)?.type as Partial<LazyPart<object>>,
  );
  await Promise.all(parts.map((part) => part.preload?.()));
}

/**
 * The page at the address. Its chunks start loading when the address is first rendered: at start-up,
 * beside the session's request instead of once the session is there, and on a navigation all at once
 * instead of each part when its parent renders it. Navigations run in transitions, so the page on screen
 * stays until the next one's chunk is there.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  void preloadPage(pathname).catch(() => {
    // A part that failed to load fails its own render the same way (React.lazy rethrows the error),
    // and PageErrorBoundary says so.
  });
  return (
    <PageErrorBoundary pathname={pathname}>
      <Suspense fallback={<PageLoader label="Loading" />}>{useRoutes(routes)}</Suspense>
    </PageErrorBoundary>
  );
}
