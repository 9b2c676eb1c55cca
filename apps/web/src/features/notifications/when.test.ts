import { describe, expect, it } from 'vitest';
import { exactTime, notificationTime } from './when';

const now = new Date('2026-11-20T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('notificationTime', () => {
  it('is relative within a day', () => {
    expect(notificationTime(ago(0), now)).toBe('just now');
    expect(notificationTime(ago(-2), now)).toBe('just now');
    expect(notificationTime(ago(1), now)).toBe('1 min ago');
    expect(notificationTime(ago(59), now)).toBe('59 min ago');
    expect(notificationTime(ago(60), now)).toBe('1 h ago');
    expect(notificationTime(ago(23 * 60 + 59), now)).toBe('23 h ago');
  });

  it('is the exact dd.mm.yyyy HH:mm from a day on', () => {
    const dayOld = ago(24 * 60);
    expect(notificationTime(dayOld, now)).toBe(exactTime(dayOld));
    expect(exactTime(dayOld)).toMatch(/^19\.11\.2026 \d\d:00$/);
  });
});
