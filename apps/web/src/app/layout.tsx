import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { Outlet } from 'react-router';
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
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <AppHeader menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      {/* Below the widgets (z-index 20+) on a desktop, so a full-width profile covers it; above them as a drawer. */}
      <AppShell.Navbar zIndex={menuOpened ? 100 : 10}>
        <MainMenu onNavigate={menu.close} />
      </AppShell.Navbar>
      {/* The widgets' room at the right: Mantine pads the page by this variable, as for its own aside. */}
      <AppShell.Main bg="gray.0" style={{ '--app-shell-aside-offset': `${contentInset}px` } as CSSProperties}>
        <Outlet />
      </AppShell.Main>
      <WidgetHost />
    </AppShell>
  );
}
