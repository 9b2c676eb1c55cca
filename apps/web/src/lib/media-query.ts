import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the media `query` matches, right from the first render. Mantine's own hook starts from `false`
 * and looks in an effect: on a phone a page first rendered (and committed) its desktop layout, a table of
 * every row, only to render it again as cards.
 */
export const useMatchesMedia = (query: string) =>
  useMediaQuery(query, undefined, { getInitialValueInEffect: false });
