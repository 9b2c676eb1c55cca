import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { useCurrentSession } from '../../../app/session';
import { isoDay } from '../../../lib/dates';
import { todaysMeetingsQueryOptions, useLiveMeetings } from '../api';
import { useNow } from '../use-now';
import { CalendarWidget, type TimelineMeeting } from './calendar-widget';

/** Where a block of the widget leads: the day view of today, where the meeting's card is. */
const dayViewPath = (day: string) => `/calendar/vacations?${new URLSearchParams({ view: 'day', date: day })}`;

/**
 * The calendar widget with the session user's meetings of today (spec people side §2, §4): loaded once
 * the session is there, kept fresh by live updates; a failed load is silent and shows no meetings.
 */
export function TodayCalendarWidget() {
  const { user } = useCurrentSession();
  const today = isoDay(useNow());
  useLiveMeetings();
  const { data, isError } = useQuery(todaysMeetingsQueryOptions(user.email, today));

  // The day's 24 slots and blocks re-render as a deferred update, in slices: the meetings' answer comes as
  // one update of its query, which would otherwise render the widget in the same task (CalendarWidget is
  // memoised, so the urgent render skips it).
  const meetings = useDeferredValue(
    useMemo(
      () =>
        // Nothing yet while loading: the widget says how many meetings there are once it knows.
        (data ?? (isError ? [] : undefined))?.map(
          (meeting): TimelineMeeting => ({
            // A recurring meeting's occurrences share the uuid; the start tells them apart.
            id: `${meeting.uuid}-${meeting.start}`,
            title: meeting.title,
            start: new Date(meeting.start),
            end: new Date(meeting.end),
            href: dayViewPath(today),
          }),
        ),
      [data, isError, today],
    ),
  );
  return <CalendarWidget meetings={meetings} />;
}
