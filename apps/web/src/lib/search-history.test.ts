import { describe, expect, it } from 'vitest';
import {
  addToSearchHistory,
  clearSearchHistory,
  parseSearchHistory,
  readSearchHistory,
  saveSearchQuery,
  serializeSearchHistory,
} from './search-history';

describe('search history', () => {
  it('keeps the last 3 queries, oldest dropped first', () => {
    let history: string[] = [];
    for (const query of ['alpha', 'beta', 'gamma', 'delta']) history = addToSearchHistory(history, query);
    expect(history).toEqual(['beta', 'gamma', 'delta']);
  });

  it('keeps no duplicates: a repeated query (whatever its case) moves to the newest place', () => {
    expect(addToSearchHistory(['alpha', 'beta', 'gamma'], 'Alpha')).toEqual(['beta', 'gamma', 'Alpha']);
    expect(addToSearchHistory(['alpha', 'beta'], ' beta ')).toEqual(['alpha', 'beta']);
  });

  it('ignores empty and whitespace queries', () => {
    expect(addToSearchHistory(['alpha'], '   ')).toEqual(['alpha']);
  });

  it('stores comma separated encodeURIComponent values, so commas in a query survive', () => {
    const value = serializeSearchHistory(['smith, j', 'Zoë']);
    expect(value).toBe('smith%2C%20j,Zo%C3%AB');
    expect(parseSearchHistory(value)).toEqual(['smith, j', 'Zoë']);
  });

  it('reads a damaged cookie as far as it can', () => {
    expect(parseSearchHistory('')).toEqual([]);
    expect(parseSearchHistory('a,%E0%A4%A,,b,c,d')).toEqual(['b', 'c', 'd']);
  });

  it("saves to the cookie 'shistory' and clears it", () => {
    saveSearchQuery('alpha');
    saveSearchQuery('beta, gamma');
    expect(document.cookie).toContain('shistory=alpha,beta%2C%20gamma');
    expect(readSearchHistory()).toEqual(['alpha', 'beta, gamma']);
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
  });
});
