import { describe, expect, it } from 'vitest';
import { applyMask, fitsMask, maskPlaceholder } from './input-mask';

const PHONE = '+7 (999) 999-99-99';

describe('applyMask', () => {
  it('inserts the literals of the mask while digits are typed', () => {
    expect(applyMask(PHONE, '9')).toBe('+7 (9');
    expect(applyMask(PHONE, '916')).toBe('+7 (916');
    expect(applyMask(PHONE, '9161')).toBe('+7 (916) 1');
    expect(applyMask(PHONE, '9161234567')).toBe('+7 (916) 123-45-67');
  });

  it('leaves a value it already masked unchanged, and cuts off what goes beyond the mask', () => {
    expect(applyMask(PHONE, '+7 (916) 123-45-67')).toBe('+7 (916) 123-45-67');
    expect(applyMask(PHONE, '+7 (916) 123-45-678')).toBe('+7 (916) 123-45-67');
    expect(applyMask('99.99.9999', '01.02.2025')).toBe('01.02.2025');
  });

  it('adds no literal before a character follows it, so deleting back over one sticks', () => {
    expect(applyMask('99-99', '12')).toBe('12');
    expect(applyMask(PHONE, '+7 (916) ')).toBe('+7 (916) ');
    expect(applyMask(PHONE, '+7 (91')).toBe('+7 (91');
    expect(applyMask(PHONE, '')).toBe('');
  });

  it('takes digits for 9, letters for a, either for *, and drops what fits no slot', () => {
    expect(applyMask('aa-9999', 'AB1234')).toBe('AB-1234');
    expect(applyMask('aa-9999', '12AB34')).toBe('AB-34');
    expect(applyMask('9999', '1a2b3c4')).toBe('1234');
    expect(applyMask('***', 'a1?Б')).toBe('a1Б');
  });
});

describe('fitsMask', () => {
  it('accepts only a value that fills every slot with a fitting character and keeps every literal', () => {
    expect(fitsMask(PHONE, '+7 (916) 123-45-67')).toBe(true);
    expect(fitsMask(PHONE, '+7 (916) 123-45-6')).toBe(false);
    expect(fitsMask(PHONE, '+7 (916) 123-45-6x')).toBe(false);
    expect(fitsMask(PHONE, '+8 (916) 123-45-67')).toBe(false);
    expect(fitsMask('aa-9999', 'AB-1234')).toBe(true);
    expect(fitsMask('aa-9999', 'A1-1234')).toBe(false);
  });
});

describe('maskPlaceholder', () => {
  it('shows each slot as an underscore', () => {
    expect(maskPlaceholder(PHONE)).toBe('+7 (___) ___-__-__');
    expect(maskPlaceholder('aa-**')).toBe('__-__');
  });
});
