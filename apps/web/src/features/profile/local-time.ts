/** 'GMT+2', 'GMT-5', 'GMT+0', 'GMT+5.5': the label the spec puts after a person's local time. */
export const gmtLabel = (gmt: number) => `GMT${gmt < 0 ? '-' : '+'}${Math.abs(gmt)}`;

/** The time of day ('HH:mm') at a GMT offset in hours, at the moment `now`. */
export function localTime(gmt: number, now: Date): string {
  const there = new Date(now.getTime() + gmt * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(there.getUTCHours())}:${pad(there.getUTCMinutes())}`;
}
