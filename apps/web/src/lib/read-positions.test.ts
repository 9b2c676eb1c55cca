import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps its state for the page's life: each test starts with a fresh copy.
let positions: typeof import('./read-positions');
beforeEach(async () => {
  vi.resetModules();
  positions = await import('./read-positions');
});

describe('takeHello', () => {
  it('finds nothing missed when every answer was read at the hello’s position', () => {
    positions.noteReadPosition('a1.4');
    positions.noteReadPosition('a1.4');
    expect(positions.takeHello('a1.4')).toBe(false);
  });

  it('finds nothing missed when nothing was read before the first hello', () => {
    expect(positions.takeHello('a1.0')).toBe(false);
  });

  it('finds an event missed when an answer was read before an event the stream began after', () => {
    positions.noteReadPosition('a1.4');
    expect(positions.takeHello('a1.5')).toBe(true);
  });

  it('finds an event missed when answers came from different positions or processes', () => {
    positions.noteReadPosition('a1.5');
    positions.noteReadPosition('b7.5');
    expect(positions.takeHello('a1.5')).toBe(true);
  });

  it('finds an event missed when an answer or the hello carried no position', () => {
    positions.noteReadPosition(null);
    expect(positions.takeHello('a1.0')).toBe(true);
    positions.noteReadPosition('a1.0');
    expect(positions.takeHello(undefined)).toBe(true);
  });

  it('finds nothing missed on a reconnect at the last hello’s position, and an event missed past it', () => {
    positions.noteReadPosition('a1.4');
    expect(positions.takeHello('a1.4')).toBe(false);
    expect(positions.takeHello('a1.4')).toBe(false);
    expect(positions.takeHello('a1.6')).toBe(true);
  });
});
