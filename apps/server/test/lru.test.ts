import { describe, expect, it } from 'vitest';
import { createLru } from '../src/lib/lru';
import { renderMarkdown } from '../src/modules/news/markdown';

describe('createLru', () => {
  it('holds at most its bound, dropping the entry used longest ago', () => {
    const lru = createLru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is used: b is now the oldest
    lru.set('c', 3);
    expect(lru.size).toBe(2);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
  });

  it('peeks at an entry without making it recently used', () => {
    const lru = createLru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.peek('a')).toBe(1); // a stays the oldest
    lru.set('c', 3);
    expect([lru.peek('a'), lru.peek('b'), lru.peek('c')]).toEqual([undefined, 2, 3]);
  });

  it('replaces a value set again, and forgets a deleted one', () => {
    const lru = createLru<string, number>(2);
    lru.set('a', 1);
    lru.set('a', 2);
    expect(lru.get('a')).toBe(2);
    lru.delete('a');
    expect([lru.get('a'), lru.size]).toEqual([undefined, 0]);
  });

  it('tells of each entry dropped for the bound, not of those deleted or cleared', () => {
    const dropped: [string, number][] = [];
    const lru = createLru<string, number>(2, (key, value) => dropped.push([key, value]));
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    lru.delete('b');
    lru.set('d', 4);
    lru.clear();
    expect(dropped).toEqual([['a', 1]]);
    expect(lru.size).toBe(0);
  });
});

describe('renderMarkdown, with the bodies it rendered lately kept', () => {
  it('answers each body with its own HTML, first time or again', () => {
    const bodies = ['**bold**', '[site](https://example.test)', '<script>x</script>', '**bold**'];
    const html = bodies.map(renderMarkdown);
    expect(html[0]).toBe('<p><strong>bold</strong></p>\n');
    expect(html[1]).toContain('rel="noopener noreferrer"');
    expect(html[2]).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>\n');
    expect(html[3]).toBe(html[0]);
  });
});
