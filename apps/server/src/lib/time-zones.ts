/**
 * Wall-clock time in IANA zones, through the runtime's Intl data: meetings keep their local time across
 * daylight-saving changes, and "today" is the viewer's today, not the server's.
 */

import { createLru } from './lru';

export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let cached = formatters.get(zone);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, cached);
  }
  return cached;
}

/** Whether the runtime knows the zone ('Europe/Berlin', 'UTC'); an unknown one would throw later. */
export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Wall clocks worked out lately, by zone and instant. Intl's formatToParts takes microseconds a call and
 * a day of meetings asks it dozens of times (each occurrence's start, end and day, the day's bounds):
 * it was the meetings route's largest cost of its own (docs/performance.md). The same meetings and days
 * come back request after request.
 */
const clocks = createLru<string, Readonly<WallClock>>(10_000);

/** The wall clock in the zone at the instant. */
export function wallClock(instant: Date, zone: string): Readonly<WallClock> {
  if (zone === 'UTC') return utcClock(instant);
  const key = `${zone} ${instant.getTime()}`;
  let clock = clocks.get(key);
  if (clock === undefined) {
    const parts: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    for (const { type, value } of formatter(zone).formatToParts(instant))
      if (type in parts) parts[type as keyof WallClock] = Number(value);
    clock = parts;
    clocks.set(key, clock);
  }
  return clock;
}

const utcClock = (instant: Date): WallClock => ({
  year: instant.getUTCFullYear(),
  month: instant.getUTCMonth() + 1,
  day: instant.getUTCDate(),
  hour: instant.getUTCHours(),
  minute: instant.getUTCMinutes(),
  second: instant.getUTCSeconds(),
});

const HALF_DAY_MS = 43_200_000;

const asUtcMs = (clock: WallClock) =>
  Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);

/** The zone's offset from UTC at the instant, in milliseconds (east positive). */
export const zoneOffsetMs = (instant: Date, zone: string) =>
  asUtcMs(wallClock(instant, zone)) - Math.floor(instant.getTime() / 1000) * 1000;

/**
 * The instant the zone's clocks show the wall-clock time. A time skipped by a spring-forward change is
 * taken as the same length after the change (02:30 becomes 03:30); a repeated one as its first instance.
 */
export function fromWallClock(clock: WallClock, zone: string): Date {
  const guess = asUtcMs(clock);
  // The offsets half a day either side: a zone changes its offset at most once in that span.
  const before = guess - zoneOffsetMs(new Date(guess - HALF_DAY_MS), zone);
  const after = guess - zoneOffsetMs(new Date(guess + HALF_DAY_MS), zone);
  const shows = (ms: number) => asUtcMs(wallClock(new Date(ms), zone)) === guess;
  if (shows(before) && shows(after)) return new Date(Math.min(before, after));
  if (shows(after)) return new Date(after);
  // Shown by the earlier offset only, or by none (a skipped time: the earlier offset moves it forward).
  return new Date(before);
}

/** The zone's calendar day of the instant, yyyy-mm-dd. */
export function zonedDay(instant: Date, zone: string): string {
  const { year, month, day } = wallClock(instant, zone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first instant of the zone's day (yyyy-mm-dd). */
export function startOfZonedDay(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return fromWallClock({ year, month, day: date, hour: 0, minute: 0, second: 0 }, zone);
}
