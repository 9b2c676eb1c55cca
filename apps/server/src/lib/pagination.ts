/** The URL of the page after this one, or null on the last page. */
export function nextPage(path: string, query: { page: number; page_size: number }, total: number) {
  if (query.page * query.page_size >= total) return null;
  return `${path}?page=${query.page + 1}&page_size=${query.page_size}`;
}
