import '@fontsource-variable/inter';
// Mantine's stylesheet per component, not the whole of it (@mantine/core/styles.css, 255 kB, every page's
// first load waits for it): the base three, then the components the app renders, directly or inside other
// Mantine components, in the order styles.css has them. A component missing here renders unstyled: when
// the app starts to use a new one, add its file (the class names Mantine puts in the built JS, m_xxxxxxxx,
// say which files the build needs: each must be defined by one of these files).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { mountApp } from './app/mount-app';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadPage } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () =>
  mountApp(
    root,
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );

// The first render waits for the page's chunks (preloaded from index.html, so they are on their way):
// rendered before them, the page suspended and showed its loader, and React holds back content that
// replaces a Suspense fallback until 300 ms after the fallback appeared, so the page and the requests
// for its data waited that long with nothing to do (a trace of /news: 280 ms idle). index.html's spinner
// shows meanwhile. A chunk that fails to load fails the page's render, which PageErrorBoundary
// (app/router.tsx) answers with its reload.
preloadPage(window.location.pathname).then(render, render);
