import type { Post } from '@atrium/contracts';
import type { Db } from '../../db/client';
import { createWorkCache, type WorkVersion } from '../../lib/work-version';
import { listPosts } from './service';

/** Feed pages one process keeps: a page of 10 posts, their bodies rendered, is some 5–50 kB. */
const KEPT_PAGES = 500;

type FeedPage = { count: number; results: Post[] } | null;

/**
 * A page of a company's feed as one viewer sees it (their likes, whether they may edit), null when they
 * are not a member, kept under the work version (decision 0038): posts, their likes, covers and comment
 * counts, and the create_posts right tell every process of a change (migrations 0027 and 0030), and the
 * people version covers the authors and the membership. Asked for again, the page is answered without
 * a statement and without rendering its Markdown again. Callers share the kept page and must not
 * change it.
 */
export function createKeptFeeds(db: Db, version: WorkVersion) {
  const pages = createWorkCache<FeedPage>(version, KEPT_PAGES);
  return (input: { viewerId: number; companyId: number; page: number }) =>
    pages.get(`${input.viewerId}:${input.companyId}:${input.page}`, () => listPosts(db, input));
}
