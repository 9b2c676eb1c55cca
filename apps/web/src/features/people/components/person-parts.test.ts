import { describe, expect, it } from 'vitest';
import { formatGmt } from './person-parts';

describe('formatGmt', () => {
  it("reads 'GMT+{gmt}', with a minus for zones west of Greenwich", () => {
    expect(formatGmt(3)).toBe('GMT+3');
    expect(formatGmt(0)).toBe('GMT+0');
    expect(formatGmt(5.5)).toBe('GMT+5.5');
    expect(formatGmt(-5)).toBe('GMT-5');
    expect(formatGmt(null)).toBeNull();
  });
});
