import type { RouteObject } from 'react-router';
import { LogoutPage } from '../features/auth/pages/logout-page';
import { PageLoader } from '../ui/page-loader';
import { AppLayout } from './layout';
import { NotFoundPage } from './pages/not-found-page';
import { TestPage } from './pages/test-page';
import { RequireSession } from './session';
import { preloadWidgets } from './widgets/widget-host';

/** A page's chunk, loaded together with the widget bodies its route shows at once. */
const withWidgets = async <T,>(pathname: string, page: Promise<T>): Promise<T> =>
  (await Promise.all([page, preloadWidgets(pathname)]))[0];

/**
 * Routes of the app; pages load on first visit, so a screen's code arrives only when it is opened (with
 * the side widgets it shows at once).
 */
export const routes: RouteObject[] = [
  {
    HydrateFallback: () => <PageLoader label="Loading" />,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/auth/pages/login-page')).LoginPage }),
      },
      { path: '/logout', Component: LogoutPage },
      { path: '/test', Component: TestPage },
      {
        Component: RequireSession,
        children: [
          {
            Component: AppLayout,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await withWidgets('/', import('./pages/home-page'))).HomePage,
                }),
              },
              {
                path: '/switchCompany',
                lazy: async () => ({
                  Component: (await import('./pages/switch-company-page')).SwitchCompanyPage,
                }),
              },
              {
                path: '/calendar/vacations',
                lazy: async () => ({ Component: (await import('./pages/calendar-route')).CalendarRoute }),
              },
              {
                path: '/tasks',
                lazy: async () => ({
                  Component: (await import('../features/tasks/pages/tasks-page')).TasksPage,
                }),
              },
              {
                path: '/people',
                lazy: async () => ({
                  Component: (await withWidgets('/people', import('../features/people/pages/people-page')))
                    .PeoplePage,
                }),
              },
              {
                path: '/news',
                lazy: async () => ({
                  Component: (await import('../features/news/pages/news-page')).NewsPage,
                }),
              },
              {
                path: '/news/create',
                lazy: async () => ({
                  Component: (await import('../features/news/pages/post-editor-page')).PostEditorPage,
                }),
              },
              {
                path: '/news/edit/:id',
                lazy: async () => ({
                  Component: (await import('../features/news/pages/post-editor-page')).PostEditorPage,
                }),
              },
              {
                path: '/calendar/personal',
                lazy: async () => ({
                  Component: (await import('../features/meetings/pages/personal-calendar-page'))
                    .PersonalCalendarPage,
                }),
              },
              {
                path: '/calendar/events/:uuid',
                lazy: async () => ({
                  Component: (await import('../features/meetings/pages/event-detail-page')).EventDetailPage,
                }),
              },
              {
                path: '/knowledge-base',
                lazy: async () => ({
                  Component: (await import('../features/knowledge-base/pages/knowledge-base-page'))
                    .KnowledgeBasePage,
                }),
              },
              {
                path: '/knowledge-base/new-1',
                lazy: async () => ({
                  Component: (await import('../features/knowledge-base/pages/knowledge-base-new-page'))
                    .KnowledgeBaseNewPage,
                }),
              },
              {
                // The processes screen: the "Workflows" list around each entry's screen. Only the board's
                // own route loads the drag-and-drop library.
                lazy: async () => ({
                  Component: (await import('../features/processes/pages/processes-layout')).ProcessesLayout,
                }),
                children: [
                  {
                    path: '/new-workflow',
                    lazy: async () => ({
                      Component: (await import('../features/processes/pages/workflow-board-page'))
                        .WorkflowBoardPage,
                    }),
                  },
                  ...['/new-document', '/new-form', '/new-report'].map((path) => ({
                    path,
                    lazy: async () => ({
                      Component: (await import('../features/processes/pages/process-coming-page'))
                        .ProcessComingPage,
                    }),
                  })),
                ],
              },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];
