import type { Db } from '../../db/client';
import { createWorkCache, type WorkVersion } from '../../lib/work-version';
import type { SessionInfo } from '../auth/sessions';
import type { chatAccessOf } from './access';
import { type ChatPage, type ChatPageQuery, loadChatMessages } from './service';

/** Chat pages one process keeps: a page of 20 threads with their replies is some 10–40 kB. */
const KEPT_PAGES = 300;

/**
 * A page of a chat (the app asks with `limit`) as one viewer may read it, null when they may not, kept
 * under the work version (decision 0038), which every message, like, deletion and change of the post
 * or request the chat belongs to moves: asked for again, it is answered without a statement. A whole
 * chat (no `limit`) has no bound on its size, and is read afresh each time.
 */
export function createKeptChatPages(db: Db, version: WorkVersion, access: ReturnType<typeof chatAccessOf>) {
  const pages = createWorkCache<ChatPage | null>(version, KEPT_PAGES);
  return async (viewer: SessionInfo, chatId: number, query: ChatPageQuery): Promise<ChatPage | null> => {
    const compute = async () => {
      const reader = await access(chatId, viewer);
      if (!reader) return null;
      return loadChatMessages(db, chatId, { userId: viewer.userId, moderator: reader.moderator }, query);
    };
    if (query.limit === undefined) return compute();
    return pages.get(`${viewer.userId}:${chatId}:${query.limit}:${query.before ?? ''}`, compute);
  };
}
