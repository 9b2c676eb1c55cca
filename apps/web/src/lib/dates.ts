// Dates as the UI writes them, in the browser's zone, with English names. A few lines instead of
// date-fns' `format`, which brings every pattern and the en-US locale into any page that shows a date.

import { MONTH_NAMES } from '@atrium/contracts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** yyyy-mm-dd of the local day. */
export const isoDay = (date: Date) =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** dd.mm.yyyy */
export const shortDate = (date: Date) =>
  `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${pad(date.getFullYear(), 4)}`;

/** HH:mm, 24-hour. */
export const clockTime = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** dd.mm.yyyy HH:mm */
export const dateTime = (date: Date) => `${shortDate(date)} ${clockTime(date)}`;

/** 'Monday' */
export const weekday = (date: Date) => WEEKDAYS[date.getDay()] as string;

/** 'Monday, 5 March' */
export const weekdayDayMonth = (date: Date) =>
  `${weekday(date)}, ${date.getDate()} ${MONTH_NAMES[date.getMonth()] as string}`;
