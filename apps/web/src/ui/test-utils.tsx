import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { theme } from '../app/theme';

/**
 * One shared control under the app's own providers (theme, notifications), with a user to drive it.
 * The inner provider's env="test" is Mantine's switch for jsdom: without it a popover hides itself, since
 * jsdom lays out nothing and its target then looks scrolled out of view.
 */
export function renderUi(ui: ReactElement) {
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <MantineProvider theme={theme} env="test">
        {ui}
      </MantineProvider>
    </Providers>,
  );
  return { ...view, user };
}
