import { describe, expect, it } from 'vitest';
import { nextPeoplePage } from './api';

const page = (count: number, next: string | null) => ({ count, next, results: [] });

describe('people widget paging', () => {
  it('follows the next link, one page at a time', () => {
    expect(nextPeoplePage(page(40, '/api/users/filter/?page=2&page_size=15'), 1)).toBe(2);
    expect(nextPeoplePage(page(40, '/api/users/filter/?page=3&page_size=15'), 2)).toBe(3);
  });

  it('stops when the next link is null', () => {
    expect(nextPeoplePage(page(40, null), 3)).toBeUndefined();
  });

  it('never goes beyond ceil(total / 15) + 1 pages, whatever the server says', () => {
    // 40 people: 3 pages, so page 4 is the last one ever asked for.
    expect(nextPeoplePage(page(40, 'more'), 3)).toBe(4);
    expect(nextPeoplePage(page(40, 'more'), 4)).toBeUndefined();
    expect(nextPeoplePage(page(0, 'more'), 1)).toBeUndefined();
  });
});
