import { describe, expect, it } from 'vitest';
import { fold, moreMatchesText, windowOptions } from './option-window';

const names = ['Backend', 'Brand', 'Élan', 'Logistics', 'Back office', 'Support'];
const folded = names.map(fold);
const none = () => false;

describe('windowOptions', () => {
  it('keeps the list as it is while it is under the limit and nothing is searched', () => {
    expect(windowOptions(names, folded, '', none, 10)).toEqual({ shown: names, hidden: 0 });
  });

  it('cuts the list at the limit and counts what it left out', () => {
    expect(windowOptions(names, folded, '', none, 2)).toEqual({ shown: ['Backend', 'Brand'], hidden: 4 });
  });

  it('matches case and accents loosely, anywhere in the label', () => {
    expect(windowOptions(names, folded, '  ELAN ', none, 10).shown).toEqual(['Élan']);
    expect(windowOptions(names, folded, 'ck', none, 10).shown).toEqual(['Backend', 'Back office']);
  });

  it('keeps a chosen match past the limit, in its place in the list', () => {
    const chosen = (name: string) => name === 'Support' || name === 'Logistics';
    expect(windowOptions(names, folded, '', chosen, 1)).toEqual({
      shown: ['Backend', 'Logistics', 'Support'],
      hidden: 3,
    });
    // A chosen option that does not match the search is not shown.
    expect(windowOptions(names, folded, 'back', chosen, 1)).toEqual({ shown: ['Backend'], hidden: 1 });
  });
});

describe('moreMatchesText', () => {
  it('says how many more there are, with thousands separated', () => {
    expect(moreMatchesText(14552)).toBe('14,552 more: type to narrow the list');
  });
});
