/**
 * The order people expect of names in a list: "Backend 2" before "Backend 10", case and accents
 * ignored, ties broken by id so that the order never changes between answers. Sorted here rather than
 * in SQL: PGlite's collation and the usual server's are C, byte order ("Zeta" before "alpha", "Émile"
 * after "Zoe"), and another server's may be any other, so the same company would list differently on each.
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function byName(a: { name: string; id: number }, b: { name: string; id: number }): number {
  return collator.compare(a.name, b.name) || a.id - b.id;
}
