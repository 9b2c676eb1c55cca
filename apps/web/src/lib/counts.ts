/**
 * A count as the portal writes it: thousands separated ("100,004"), always in the English way of the
 * portal's texts, whatever the browser's own language.
 */
export const formatCount = (count: number) => count.toLocaleString('en-US');
