import { useMemo } from 'react';

/** Case- and accent-insensitive form of a text: 'Élodie' and 'elodie' match. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The part of a long option list that is rendered, and how many matches are left out of it. */
export type OptionWindow<T> = { shown: T[]; hidden: number };

/**
 * The options of a list that are rendered: the ones whose folded label (`folded`, index for index)
 * contains the folded `query`, at most `limit` of them, plus every chosen match beyond that, in the list's
 * order. A company of 100,000 people has thousands of departments: rendered all at once, a list took
 * 0.4–2.7 s of script to open on a desktop. A chosen option stays in view so that it can be unticked.
 */
export function windowOptions<T>(
  options: readonly T[],
  folded: readonly string[],
  query: string,
  isChosen: (option: T) => boolean,
  limit: number,
): OptionWindow<T> {
  const needle = fold(query.trim());
  const shown: T[] = [];
  let matches = 0;
  options.forEach((option, index) => {
    if (needle && !folded[index]?.includes(needle)) return;
    matches++;
    if (matches <= limit || isChosen(option)) shown.push(option);
  });
  return { shown, hidden: matches - shown.length };
}

/**
 * `windowOptions` over a list whose labels are folded once per list, not on every keystroke. `labelOf`
 * must be stable (a function defined outside the component), or the labels are folded on every render.
 */
export function useOptionWindow<T>(
  options: readonly T[],
  labelOf: (option: T) => string,
  query: string,
  isChosen: (option: T) => boolean,
  limit: number,
): OptionWindow<T> {
  const folded = useMemo(() => options.map((option) => fold(labelOf(option))), [options, labelOf]);
  return windowOptions(options, folded, query, isChosen, limit);
}

/** The line under a cut list: how many more matches there are, and how to reach them. */
export const moreMatchesText = (hidden: number) =>
  `${hidden.toLocaleString('en-US')} more: type to narrow the list`;
