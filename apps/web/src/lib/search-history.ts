/**
 * The header search's history (spec §9): the last 3 submitted queries, oldest first, in the cookie
 * 'shistory' as a comma separated list of encodeURIComponent'ed values (so a comma in a query survives).
 */
export const SEARCH_HISTORY_COOKIE = 'shistory';
export const SEARCH_HISTORY_SIZE = 3;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
};

/** The queries held in a cookie value, oldest first; broken or empty entries are skipped. */
export function parseSearchHistory(cookieValue: string): string[] {
  return cookieValue
    .split(',')
    .map((entry) => safeDecode(entry).trim())
    .filter(Boolean)
    .slice(-SEARCH_HISTORY_SIZE);
}

export const serializeSearchHistory = (queries: readonly string[]) =>
  queries.map(encodeURIComponent).join(',');

/**
 * The history after submitting `query`: appended as the newest, an earlier equal entry (ignoring case)
 * removed, and the oldest dropped beyond 3. Empty text changes nothing.
 */
export function addToSearchHistory(queries: readonly string[], query: string): string[] {
  const text = query.trim();
  if (!text) return [...queries];
  const others = queries.filter((entry) => entry.toLowerCase() !== text.toLowerCase());
  return [...others, text].slice(-SEARCH_HISTORY_SIZE);
}

export function readSearchHistory(): string[] {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${SEARCH_HISTORY_COOKIE}=`));
  return pair === undefined ? [] : parseSearchHistory(pair.slice(SEARCH_HISTORY_COOKIE.length + 1));
}

function writeCookie(value: string, maxAge: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the history in a cookie; jsdom and older browsers lack the Cookie Store API
  document.cookie = `${SEARCH_HISTORY_COOKIE}=${value}; path=/; max-age=${maxAge}; SameSite=Lax`;
}

/** Records a submitted query and answers the new history, oldest first. */
export function saveSearchQuery(query: string): string[] {
  const history = addToSearchHistory(readSearchHistory(), query);
  writeCookie(serializeSearchHistory(history), ONE_YEAR_SECONDS);
  return history;
}

/** Forgets the history (for logout, so the next person at this browser does not see it). */
export function clearSearchHistory() {
  writeCookie('', 0);
}
