import { useDisclosure } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { Outlet } from 'react-router';
import { AfterFirstPaint } from './after-first-paint';
import classes from './layout.module.css';
import { AppHeader } from './shell/app-header';
import { MainMenu } from './shell/main-menu';
import { NAVBAR_WIDTH, useWidgetLayout, WidgetHost } from './widgets/widget-host';
import { WidgetsProvider } from './widgets/widgets-context';

/** The frame of every signed-in screen: header, menu (a drawer on a phone), page and side widgets. */
export function AppLayout() {
  return (
    <WidgetsProvider>
      <Shell />
    </WidgetsProvider>
  );
}

function Shell() {
  const [menuOpened, menu] = useDisclosure(false);
  const { contentInset } = useWidgetLayout();

  return (
    <div className={classes.root} style={{ '--app-navbar-width': `${NAVBAR_WIDTH}px` } as CSSProperties}>
      {/* right-scroll-bar-position: while a modal locks the page's scroll, the fixed header keeps clear of
          where the scrollbar was, as the page does (react-remove-scroll, which Mantine's modals use). */}
      <header className={`${classes.header} right-scroll-bar-position`}>
        <AppHeader menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </header>
      {/* Below the widgets (z-index 20+) on a desktop, so a full-width profile covers it; above them as a
          drawer. */}
      <nav
        className={classes.navbar}
        data-opened={menuOpened || undefined}
        style={{ zIndex: menuOpened ? 101 : 11 }}
      >
        {/* Mounted once the page's content has been painted (on a phone it is a closed drawer); so are
            the side widgets' lists (widget-host.tsx). */}
        <AfterFirstPaint>
          <MainMenu onNavigate={menu.close} />
        </AfterFirstPaint>
      </nav>
      <main className={classes.main} style={{ '--app-aside-offset': `${contentInset}px` } as CSSProperties}>
        <Outlet />
      </main>
      <WidgetHost />
    </div>
  );
}
