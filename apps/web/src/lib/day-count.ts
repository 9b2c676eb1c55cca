/**
 * Day counts as absence screens show them. Shared by the request forms (tasks) and the Events tab
 * (profile), which may not import each other.
 */

/** A number of days as shown: whole, or to two decimals for accrued fractions (2.33), no trailing zeros. */
export const formatDays = (days: number) => String(Number(days.toFixed(2)));

/** People side §2: "A count above 1 reads 'days', otherwise 'day'". */
export const dayWord = (days: number) => (Math.abs(days) > 1 ? 'days' : 'day');

/** '5 days', '1 day', '2.33 days'. */
export const daysLabel = (days: number) => `${formatDays(days)} ${dayWord(days)}`;
