import type { AwayPerson, CalendarDay, CalendarMonth } from '@atrium/contracts';

/**
 * The JSON text of a month, written by hand because a busy company month is large (10,000 people and
 * a year of absences put some 40,000–100,000 entries on a six-week grid): each away person is
 * serialised once and reused on every day of their absence, instead of the generic serializer
 * validating and stringifying every entry again. The output is exactly JSON.stringify's.
 */
export function monthJson(month: CalendarMonth): string {
  const people = new Map<AwayPerson, string>();
  const person = (p: AwayPerson) => {
    let text = people.get(p);
    if (text === undefined) {
      text = JSON.stringify(p);
      people.set(p, text);
    }
    return text;
  };
  const list = (entries: AwayPerson[]) => `[${entries.map(person).join(',')}]`;
  const day = (d: CalendarDay) =>
    `{"date":${JSON.stringify(d.date)},"vacation":${list(d.vacation)},"sick_leave":${list(d.sick_leave)},"day_off":${d.day_off}}`;
  const weeks = month.weeks.map((w) => `{"week":${w.week},"days":[${w.days.map(day).join(',')}]}`);
  return `{"year":${month.year},"month":${month.month},"weeks":[${weeks.join(',')}]}`;
}
