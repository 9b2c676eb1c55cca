import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import {
  chatMessageLikes,
  chatMessages,
  chats,
  companyMembers,
  postLikes,
  posts,
  userRights,
  users,
} from '../../apps/server/src/db/schema/index';
import { POST_EDITOR_RIGHT } from '../../apps/server/src/modules/news/policy';
import { insertRows, reserveIds } from './bulk';
import { DEMO_ACCOUNTS, DEMO_CORP, DEMO_LIST } from './demo';
import { Random } from './random';
import type { Company } from './structure';

/**
 * The news feed: a dozen posts in Demo Corp and two in every other company, by the people who may post
 * there (Eddie the editor, and each CEO), spread over the six weeks before `now`, with comments, replies
 * and likes of colleagues. Only companies without posts get them, so a second run adds none.
 */
const POSTS: readonly [title: string, body: string][] = [
  [
    'Welcome to the new company portal',
    'Everything in one place: **people**, news, requests and your calendar.\n\n- Find colleagues in *People*\n- Read and comment on news here\n- Start a request from *My tasks*\n\nQuestions? Write a comment below.',
  ],
  [
    'Office closed on the public holiday',
    'The office is closed on the next public holiday. Support keeps its usual on-call rota; see the [holiday calendar](https://example.com/holidays) for the dates.',
  ],
  [
    'Quarterly all-hands: agenda',
    'Join us on Thursday at 16:00 in the main hall or online.\n\n1. Results of the quarter\n2. Product road map\n3. Questions from you\n\nSend questions in advance to comms@demo.test.',
  ],
  [
    'New colleagues this month',
    'Please welcome the people who joined us this month. Say hello when you meet them at the coffee machine, and have a look at their profiles in *People*.',
  ],
  [
    'Security reminder: phishing mails',
    'We have seen mails that pretend to come from IT and ask for your password.\n\n> IT will **never** ask for your password.\n\nForward anything suspicious to security@demo.test and delete it.',
  ],
  [
    'The summer party is on',
    'Save the date: the summer party takes place on the roof terrace. Food, music and a quiz. Families are welcome.\n\nTell us about allergies in the comments.',
  ],
  [
    'Vacation requests for the holidays',
    'If you plan time off around the end of the year, please request it by the end of this month so that teams can plan cover. Your balance is on your profile under *Events*.',
  ],
  [
    'Engineering blog: how we ship',
    'Our engineers wrote up how a change goes from idea to production:\n\n- small pull requests\n- review within a day\n- `npm test` green on two databases\n\nRead it and tell us what you would change.',
  ],
  [
    'New coffee machines on every floor',
    'After many requests (and a few complaints), there is now a proper coffee machine on every floor. Please keep them clean: the cleaning tablets are in the drawer below.',
  ],
  [
    'Volunteering day',
    'Every employee may take one paid day a year to volunteer. This year we team up with the city food bank. Sign up with your manager; places are limited.',
  ],
  [
    'Learning budget for next year',
    'Each of us has a learning budget for courses, books and conferences. Talk to your manager about your plan, then file a request under *My tasks*.',
  ],
  [
    'Thank you for a great year',
    'A short note from the leadership team: thank you for the work, the patience and the good humour this year. *Enjoy the break* — you have earned it.',
  ],
];

const COMMENTS: readonly string[] = [
  'Great news, thanks for sharing!',
  'Looking forward to it.',
  'Is there a recording for those who cannot make it?',
  'Thanks, very helpful.',
  'Can we bring a guest?',
  'Finally! 🎉',
  'Where do I sign up?',
  'Good reminder, I almost clicked one of those last week.',
  'Could we get this in the calendar as well?',
  'Nice write-up.',
  'Count me in.',
  'Who should I ask about the details?',
];

const REPLIES: readonly string[] = [
  'Same question here.',
  'Yes, it will be shared afterwards.',
  'Agreed!',
  'Ask your manager, they have the details.',
  'See you there.',
  '+1',
];

const POSTS_PER_COMPANY = 2;
/** How many replies a comment gets, by weight. */
const REPLY_COUNTS: readonly [number, number][] = [
  [0, 3],
  [1, 2],
  [2, 1],
];
/** Comments and likes come from the company's first people (the demo accounts among them), at any scale. */
const VOICES = 300;
const HOUR = 60 * 60 * 1000;
const SIX_WEEKS = 42 * 24 * HOUR;

type Person = { id: number };
/** Who writes the comments: a demo account this often (when the company has them), else anyone. */
type Voices = { demo: Person[]; everyone: Person[] };
const DEMO_VOICE = 0.4;

export async function seedNews(db: Db, companies: readonly Company[], now: Date): Promise<{ posts: number }> {
  const withPosts = new Set(
    (
      await db
        .selectDistinct({ companyId: posts.companyId })
        .from(posts)
        .where(
          inArray(
            posts.companyId,
            companies.map((c) => c.id),
          ),
        )
    ).map((row) => row.companyId),
  );
  let added = 0;
  for (const company of companies) {
    if (withPosts.has(company.id)) continue;
    added += await seedCompanyNews(db, company, now);
  }
  return { posts: added };
}

async function seedCompanyNews(db: Db, company: Company, now: Date): Promise<number> {
  const authors = await db
    .select({ id: userRights.userId })
    .from(userRights)
    .where(and(eq(userRights.companyId, company.id), eq(userRights.right, POST_EDITOR_RIGHT)))
    .orderBy(asc(userRights.userId));
  if (!authors.length) return 0;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, company.id))
    .orderBy(asc(users.id))
    .limit(VOICES);
  const demoEmails = new Set(DEMO_LIST.map((person) => person.email));
  const voices = { demo: people.filter((person) => demoEmails.has(person.email)), everyone: people };
  const rng = new Random(`news/${company.name}`);
  const isDemo = company.name === DEMO_CORP.name;
  // Eddie, the demo editor, writes most of Demo Corp's posts; the CEO the rest.
  const eddie = people.find((person) => person.email === DEMO_ACCOUNTS.editor.email);
  const editor = isDemo ? authors.find((author) => author.id === eddie?.id) : undefined;
  const count = isDemo ? POSTS.length : POSTS_PER_COMPANY;

  const chatIds = await reserveIds(db, chats, count);
  const postIds = await reserveIds(db, posts, count);
  const chatRows: (typeof chats.$inferInsert)[] = [];
  const postRows: (typeof posts.$inferInsert)[] = [];
  const likeRows: (typeof postLikes.$inferInsert)[] = [];
  const messages: Draft[] = [];
  for (let i = 0; i < count; i++) {
    const [title, body] = POSTS[i] as [string, string];
    // The first post is the oldest, six weeks ago; the others follow every few days.
    const createdAt = new Date(now.getTime() - SIX_WEEKS + (i * SIX_WEEKS) / count + rng.int(0, 12) * HOUR);
    const author = editor && rng.chance(0.75) ? editor : rng.pick(authors);
    const chatId = chatIds[i] as number;
    const postId = postIds[i] as number;
    chatRows.push({ id: chatId, kind: 'post', createdAt });
    postRows.push({
      id: postId,
      companyId: company.id,
      authorId: author.id,
      chatId,
      title,
      body,
      createdAt,
      updatedAt: createdAt,
    });
    for (const person of sample(rng, people, rng.int(0, Math.min(15, people.length)))) {
      likeRows.push({ postId, userId: person.id, createdAt: later(rng, createdAt, now) });
    }
    messages.push(...drafts(rng, voices, chatId, createdAt, now));
  }

  const messageIds = await reserveIds(db, chatMessages, messages.length);
  const idOf = new Map(messages.map((draft, i) => [draft, messageIds[i] as number]));
  await insertRows(db, chats, chatRows);
  await insertRows(db, posts, postRows);
  await insertRows(db, postLikes, likeRows);
  await insertRows(
    db,
    chatMessages,
    messages.map((draft) => ({
      id: idOf.get(draft) as number,
      chatId: draft.chatId,
      userId: draft.userId,
      replyToId: draft.parent ? (idOf.get(draft.parent) as number) : null,
      message: draft.message,
      createdAt: draft.createdAt,
    })),
  );
  await insertRows(
    db,
    chatMessageLikes,
    messages.flatMap((draft) =>
      draft.likedBy.map((userId) => ({
        messageId: idOf.get(draft) as number,
        userId,
        createdAt: later(rng, draft.createdAt, now),
      })),
    ),
  );
  return count;
}

type Draft = {
  chatId: number;
  userId: number;
  parent: Draft | undefined;
  message: string;
  createdAt: Date;
  likedBy: number[];
};

/** A post's comments, each with a few replies, after the post and before now. */
function drafts(rng: Random, voices: Voices, chatId: number, postedAt: Date, now: Date): Draft[] {
  const out: Draft[] = [];
  const people = voices.everyone;
  const author = () =>
    voices.demo.length && rng.chance(DEMO_VOICE) ? rng.pick(voices.demo) : rng.pick(people);
  const message = (texts: readonly string[], parent: Draft | undefined, after: Date): Draft => ({
    chatId,
    userId: author().id,
    parent,
    message: rng.pick(texts),
    createdAt: later(rng, after, now),
    likedBy: sample(rng, people, rng.int(0, Math.min(4, people.length))).map((person) => person.id),
  });
  for (let c = rng.int(1, 5); c > 0; c--) {
    const comment = message(COMMENTS, undefined, postedAt);
    out.push(comment);
    for (let r = rng.weighted(REPLY_COUNTS); r > 0; r--)
      out.push(message(REPLIES, comment, comment.createdAt));
  }
  return out;
}

/** A moment between `after` and the earlier of a day later and now. */
function later(rng: Random, after: Date, now: Date): Date {
  const span = Math.max(0, Math.min(24 * HOUR, now.getTime() - after.getTime()));
  return new Date(after.getTime() + Math.floor(rng.next() * span));
}

/** `n` different people, drawn without replacement. */
function sample(rng: Random, people: readonly Person[], n: number): Person[] {
  const left = [...people];
  return Array.from(
    { length: Math.min(n, left.length) },
    () => left.splice(rng.int(0, left.length - 1), 1)[0] as Person,
  );
}
