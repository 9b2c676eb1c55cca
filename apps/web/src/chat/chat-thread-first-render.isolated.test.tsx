import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { theme } from '../app/theme';
import { aChatMessage, aChatReply, stubApi } from '../test/fake-api';
import { busyFor, leaveActEnvironment } from '../test/react-scheduler';
import { chatQueryKey, type LoadedChat } from './api';
import { ChatThread } from './chat-thread';

const MESSAGE_MS = 3;
const seen = vi.hoisted(() => ({ happened: [] as string[], timerSet: false }));

// Each message takes MESSAGE_MS to render, as a thread's do on a phone; the first asks for a timer, which
// runs at the next pause in the rendering.
vi.mock('./chat-message', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./chat-message')>();
  return {
    ...actual,
    ChatMessageItem: (props: Parameters<typeof actual.ChatMessageItem>[0]) => {
      if (!seen.timerSet) {
        seen.timerSet = true;
        setTimeout(() => seen.happened.push('timer'), 0);
      }
      busyFor(MESSAGE_MS);
      seen.happened.push(`message ${props.message.id}`);
      return <actual.ChatMessageItem {...props} />;
    },
  };
});

it("renders a thread's first answer in slices, giving the browser its turn in between", async () => {
  stubApi({ 'GET /api/chats/101/': () => new Promise<Response>(() => {}) });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  const viewer = { id: 7, first_name: 'Ada', last_name: 'Lovelace', avatar: null };
  const { unmount } = render(
    <Providers queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <ChatThread chatId={101} viewer={viewer} />
      </MantineProvider>
    </Providers>,
  );
  // The first answer must go through React's own scheduler.
  leaveActEnvironment();

  // Three comments with two replies each: the nine messages the shrunk view shows.
  const threads = [1, 2, 3].map((id) =>
    aChatMessage(id, { replies: [aChatReply(id * 10, id), aChatReply(id * 10 + 1, id)] }),
  );
  const chat: LoadedChat = { threads, earlier: 0, unheldComments: 0, wanted: 20 };
  queryClient.setQueryData(chatQueryKey(101), chat);
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(9));
  unmount();

  // Rendered as one update, all nine messages (27 ms) would come before the timer.
  const timerAt = seen.happened.indexOf('timer');
  expect(timerAt).toBeGreaterThan(0);
  expect(timerAt).toBeLessThan(9);
});
