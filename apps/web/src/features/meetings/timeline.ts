import { addDays, differenceInMinutes, startOfDay } from 'date-fns';
import { clockTime } from '../../lib/dates';

/** Spec: the calendar widget's day is 24 slots of 30 minutes from 08:00. */
export const FIRST_HOUR = 8;
export const SLOT_MINUTES = 30;
export const SLOT_COUNT = 24;

/** The slots' labels: '08:00', '08:30', … '19:30'. */
export function timelineSlots(): string[] {
  return Array.from({ length: SLOT_COUNT }, (_, index) => {
    const minutes = FIRST_HOUR * 60 + index * SLOT_MINUTES;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}

/** How many slots `time` lies after 08:00 of its day, with the fraction of a slot (negative before). */
export const slotPosition = (time: Date) =>
  ((time.getHours() - FIRST_HOUR) * 60 + time.getMinutes()) / SLOT_MINUTES;

/** The slot the current-time marker snaps to (rounded down to :00 or :30), or null outside the day. */
export function markerSlot(now: Date): number | null {
  const slot = Math.floor(slotPosition(now));
  return slot >= 0 && slot < SLOT_COUNT ? slot : null;
}

export const formatTimeRange = (start: Date, end: Date) => `${clockTime(start)} - ${clockTime(end)}`;

/** '1 h 30 m', '2 h', '45 m'. */
export function formatDuration(start: Date, end: Date): string {
  const minutes = Math.max(0, differenceInMinutes(end, start));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} m`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} m`;
}

/** Whether the meeting takes up part of the day that `now` falls on (one from yesterday may end today). */
export function isOnDayOf(meeting: { start: Date; end: Date }, now: Date): boolean {
  const dayStart = startOfDay(now);
  return meeting.start < addDays(dayStart, 1) && meeting.end > dayStart;
}

/** A meeting with its place across the timeline: column `column` (from 0) of `columns` side by side. */
export type Placed<T> = { meeting: T; column: number; columns: number };

/**
 * Lays overlapping meetings side by side. Meetings that overlap, directly or through others, form a
 * group that shares one set of columns; each takes the leftmost column free at its start, and every
 * meeting of the group is as wide as the group's widest moment allows. Earlier first, longer first.
 */
export function placeSideBySide<T extends { start: Date; end: Date }>(meetings: readonly T[]): Placed<T>[] {
  const sorted = [...meetings].sort(
    (a, b) => a.start.getTime() - b.start.getTime() || b.end.getTime() - a.end.getTime(),
  );
  const placed: Placed<T>[] = [];
  let group: Placed<T>[] = [];
  /** When the meeting last placed in each column of the group ends. */
  let columnEnds: number[] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;

  const closeGroup = () => {
    for (const each of group) each.columns = columnEnds.length;
    placed.push(...group);
    group = [];
    columnEnds = [];
  };

  for (const meeting of sorted) {
    const start = meeting.start.getTime();
    const end = meeting.end.getTime();
    if (start >= groupEnd) closeGroup();
    let column = columnEnds.findIndex((columnEnd) => columnEnd <= start);
    if (column === -1) column = columnEnds.length;
    columnEnds[column] = end;
    groupEnd = group.length === 0 ? end : Math.max(groupEnd, end);
    group.push({ meeting, column, columns: 0 });
  }
  closeGroup();
  return placed;
}

/**
 * Where a meeting lies on the timeline of `now`'s day, in slots from 08:00: cut to the part the timeline
 * shows (08:00–20:00), and to the day, so that one begun yesterday starts at the top. Null when none of it
 * is on the timeline.
 */
export function timelineSpan(meeting: { start: Date; end: Date }, now: Date) {
  const dayStart = startOfDay(now);
  const from = meeting.start <= dayStart ? 0 : Math.max(0, slotPosition(meeting.start));
  const to =
    meeting.end >= addDays(dayStart, 1) ? SLOT_COUNT : Math.min(SLOT_COUNT, slotPosition(meeting.end));
  return to > from ? { from, to } : null;
}
