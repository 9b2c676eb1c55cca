import {
  ChatMessage,
  ChatQuery,
  ChatResponse,
  DeletedMessage,
  DeleteMessageBody,
  EmojiBody,
  MessageLikes,
  SendMessageBody,
} from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/errors';
import { requireSession } from '../../plugins/session';
import { deliverNotifications, writeNotifications } from '../notifications/service';
import { chatAccessOf } from './access';
import { createKeptChatPages } from './kept-pages';
import { deleteMessage, sendMessage, setMessageLike } from './service';

const tags = ['chats'];
const id = z.coerce.number({ error: 'Expected an id' }).int().positive();
const ChatParams = z.object({ id });
const MessageParams = z.object({ id, message_id: id });

export const chatsRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, events, mailer, config },
) => {
  const chatAccess = chatAccessOf(db);
  const keptPage = createKeptChatPages(db, app.workVersion, chatAccess);

  /** The session and what it may do in the chat; a chat it may not read answers 404. */
  async function reader(request: FastifyRequest, chatId: number) {
    const session = requireSession(request);
    const access = await chatAccess(chatId, session);
    if (!access) throw notFound();
    return { session, access, viewer: { userId: session.userId, moderator: access.moderator } };
  }

  app.get(
    '/api/chats/:id/',
    {
      schema: {
        tags,
        summary:
          'A chat: top-level messages oldest first, with replies nested; all of them, or with limit the newest threads (before: older than a top-level message)',
        params: ChatParams,
        querystring: ChatQuery,
        response: { 200: ChatResponse },
      },
    },
    async (request) => {
      const page = await keptPage(requireSession(request), request.params.id, request.query);
      if (!page) throw notFound();
      return { id: request.params.id, ...page };
    },
  );

  app.post(
    '/api/chats/:id/chat_send_message/',
    {
      schema: {
        tags,
        summary: 'Send a message (1–900 characters after trimming), or a reply to a message of the chat',
        params: ChatParams,
        body: SendMessageBody,
        response: { 201: ChatMessage },
      },
    },
    async (request, reply) => {
      const chatId = request.params.id;
      const { session, access } = await reader(request, chatId);
      const now = clock.now();
      const input = {
        chatId,
        userId: session.userId,
        message: request.body.message,
        reply: request.body.reply ?? null,
        now,
      };
      const task = access.task;
      const others = task?.participants.filter((userId) => userId !== session.userId) ?? [];
      // A comment in a request's chat tells its other participants (in-app), in the transaction that
      // stores it; any other comment is a single statement.
      const { message, notified } =
        task && others.length
          ? await db.transaction(async (tx) => {
              const message = await sendMessage(tx, input);
              const author = `${message.user.first_name} ${message.user.last_name}`;
              const notified = await writeNotifications(
                tx,
                others.map((userId) => ({
                  userId,
                  kind: 'task_comment' as const,
                  text: `${author} commented on "${task.name}"`,
                  taskId: task.id,
                  actorId: session.userId,
                })),
                now,
              );
              return { message, notified };
            })
          : { message: await sendMessage(db, input), notified: [] };
      await deliverNotifications({ db, mailer, events, appUrl: config.appUrl }, notified, request.log);
      await events?.publish({
        type: 'chat.message',
        chatId,
        messageId: message.id,
        audience: access.audience,
      });
      return reply.code(201).send(message);
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    const like = method === 'POST';
    app.route({
      method,
      url: '/api/chats/:id/add_emoji/:message_id/',
      schema: {
        tags,
        summary: like ? "Like a message (emoji '+1'); idempotent" : 'Take back a like; idempotent',
        params: MessageParams,
        // A DELETE may come without a body; the emoji then is the like.
        body: like ? EmojiBody : EmojiBody.nullish(),
        response: { 200: MessageLikes },
      },
      handler: async (request) => {
        const { id: chatId, message_id: messageId } = request.params;
        const { session, access } = await reader(request, chatId);
        const likes = await setMessageLike(db, {
          chatId,
          messageId,
          userId: session.userId,
          like,
          now: clock.now(),
        });
        await events?.publish({ type: 'chat.like', chatId, messageId, audience: access.audience });
        return likes;
      },
    });
  }

  app.post(
    '/api/chats/:id/delete_message/',
    {
      schema: {
        tags,
        summary: 'Delete a message (its author, or a post editor on a post chat); its text is erased',
        params: ChatParams,
        body: DeleteMessageBody,
        response: { 200: DeletedMessage },
      },
    },
    async (request) => {
      const chatId = request.params.id;
      const { access, viewer } = await reader(request, chatId);
      const deleted = await deleteMessage(db, {
        chatId,
        messageId: request.body.id,
        viewer,
        now: clock.now(),
      });
      await events?.publish({
        type: 'chat.delete',
        chatId,
        messageId: deleted.id,
        audience: access.audience,
      });
      return deleted;
    },
  );
};
