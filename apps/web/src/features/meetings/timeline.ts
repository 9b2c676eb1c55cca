import { differenceInMinutes, format } from 'date-fns';

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

export const formatTimeRange = (start: Date, end: Date) =>
  `${format(start, 'HH:mm')} - ${format(end, 'HH:mm')}`;

/** '1 h 30 m', '2 h', '45 m'. */
export function formatDuration(start: Date, end: Date): string {
  const minutes = Math.max(0, differenceInMinutes(end, start));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} m`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} m`;
}
