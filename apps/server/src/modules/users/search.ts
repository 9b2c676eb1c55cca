import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';

/**
 * Splits typed text into the words the search matches, normalised like users.search_text (lower case,
 * no accents, letters and digits only); the database's atrium_search_normalize does the same to the text.
 */
export function searchWords(q: string): SQL[] {
  return q
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => sql`atrium_search_normalize(${word})`);
}

/**
 * Every word must start a word of the person's search text. The text holds ' word word …', so
 * "% <word>" is a prefix match that the trigram index serves. A word that normalises to nothing
 * (punctuation only) matches everything, like no word at all.
 */
export function matchesAllWords(q: string): SQL | undefined {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((word) => sql`${users.searchText} like '% ' || replace(${word}, ' ', '% ') || '%'`),
    sql` and `,
  );
}
