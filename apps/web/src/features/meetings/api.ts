import type {
  MeetingBody,
  MeetingEvent,
  MeetingFeed,
  MeetingPatchBody,
  MeetingsDay,
  MeetingsImportResult,
  MeetingsPage,
} from '@atrium/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueries,
  useQueryClient,
} from '@tanstack/react-query';
import { addDays, parseISO } from 'date-fns';
import { isoDay } from '../../lib/dates';
import { ApiError, http } from '../../lib/http';
import { useLiveInvalidation } from '../../lib/live-events';
import { isOnDayOf } from './timeline';

/** Every query of the meetings feature starts with this key, so one change can refresh them all. */
const MEETINGS = ['meetings'] as const;
const DAYS = [...MEETINGS, 'days'] as const;

/** Spec §9: meetings are fetched 10 a page. */
export const MEETINGS_PAGE_SIZE = 10;

/** The browser's IANA zone: the server counts days and writes `hours` in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** yyyy-mm-dd of a local day. */
/** The local day of a yyyy-mm-dd text. */
export const dayOf = (iso: string) => parseISO(iso);
export const nextIsoDay = (iso: string) => isoDay(addDays(dayOf(iso), 1));

/**
 * Today's meetings of `email` (spec people side §2, §4), for the calendar widget: the upcoming list
 * (GET /api/calendars/events/) comes earliest first, so its pages are read until one ends after today.
 */
export const todaysMeetingsQueryOptions = (email: string, today: string) =>
  queryOptions({
    queryKey: [...MEETINGS, 'today', email, today],
    queryFn: async ({ signal }) => {
      const now = dayOf(today);
      const endOfToday = addDays(now, 1);
      const found: MeetingEvent[] = [];
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({
          email,
          page: String(page),
          page_size: String(MEETINGS_PAGE_SIZE),
          tz: browserTimeZone(),
        });
        const answer = await http.get<MeetingsPage>(`/api/calendars/events/?${query}`, { signal });
        found.push(...answer.results);
        const last = answer.results.at(-1);
        if (!answer.next || !last || new Date(last.start) >= endOfToday) break;
      }
      return found.filter((meeting) =>
        isOnDayOf({ start: new Date(meeting.start), end: new Date(meeting.end) }, now),
      );
    },
  });

/**
 * The day view's list (spec work side §4): one day at a time from `from` (GET /api/calendars/events/day/),
 * each day after the last until a day has no meetings; then it stops.
 */
export const meetingDaysQueryOptions = (email: string, from: string) =>
  infiniteQueryOptions({
    queryKey: [...DAYS, email, from],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ email, date: pageParam, tz: browserTimeZone() });
      return http.get<MeetingsDay>(`/api/calendars/events/day/?${query}`, { signal });
    },
    initialPageParam: from,
    getNextPageParam: (lastDay) => (lastDay.results.length === 0 ? undefined : nextIsoDay(lastDay.date)),
  });

/** One meeting as its organizer set it up (the first occurrence of a recurring one). */
export const meetingQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: [...MEETINGS, 'detail', uuid],
    queryFn: ({ signal }) =>
      http.get<MeetingEvent>(
        `/api/calendars/events/${uuid}/?${new URLSearchParams({ tz: browserTimeZone() })}`,
        { signal },
      ),
  });

/** Refetches what the feature shows when one of the user's meetings changes, here or elsewhere. */
export function useLiveMeetings() {
  useLiveInvalidation(MEETINGS, ['meeting.changed']);
}

const byStart = (a: MeetingEvent, b: MeetingEvent) => Date.parse(a.start) - Date.parse(b.start);

/**
 * Puts a new meeting into the loaded day it falls on at once, then refetches every list to be exact (not
 * waited for: the form closes on the meeting put in).
 */
function useShowCreated() {
  const queryClient = useQueryClient();
  return (created: MeetingEvent) => {
    queryClient.setQueriesData<InfiniteData<MeetingsDay, string>>({ queryKey: DAYS }, (days) =>
      days
        ? {
            ...days,
            pages: days.pages.map((day) =>
              day.date === created.date ? { ...day, results: [...day.results, created].sort(byStart) } : day,
            ),
          }
        : days,
    );
    void queryClient.invalidateQueries({ queryKey: MEETINGS });
  };
}

const tzQuery = () => new URLSearchParams({ tz: browserTimeZone() }).toString();

/** POST /api/calendars/events/: the caller organizes the new meeting. */
export function useCreateMeeting() {
  const showCreated = useShowCreated();
  return useMutation({
    mutationFn: (body: MeetingBody) => http.post<MeetingEvent>(`/api/calendars/events/?${tzQuery()}`, body),
    onSuccess: showCreated,
  });
}

/** PATCH /api/calendars/events/{uuid}/ (its organizer): the fields named change, for every occurrence. */
export function useUpdateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: MeetingPatchBody }) =>
      http.patch<MeetingEvent>(`/api/calendars/events/${uuid}/?${tzQuery()}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEETINGS }),
  });
}

/** DELETE /api/calendars/events/{uuid}/ (its organizer): the meeting and all its occurrences go. */
export function useDeleteMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => http.delete(`/api/calendars/events/${uuid}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEETINGS }),
  });
}

/** POST /api/calendars/events/import/: the events of an .ics file; floating times are read in our zone. */
export function useImportMeetings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return http.upload<MeetingsImportResult>(`/api/calendars/events/import/?${tzQuery()}`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEETINGS }),
  });
}

const FEED_PATH = '/api/calendars/events/feed/';

/** The user's private iCal feed of their meetings, or null when they have none (the server answers 404). */
export const meetingFeedQueryOptions = () =>
  queryOptions({
    queryKey: [...MEETINGS, 'feed'],
    queryFn: () =>
      http.get<MeetingFeed>(FEED_PATH).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });

/** Creates the feed, or replaces it with a new link (the old one stops working). */
export const createMeetingFeed = () => http.post<MeetingFeed>(FEED_PATH);

/** Turns the feed off: its link stops working. */
export const deleteMeetingFeed = () => http.delete(FEED_PATH);

/** Spec: the avatar lookup answers `avatar` (or `new_avatar`). */
type AvatarAnswer = { avatar?: string | null; new_avatar?: string | null };

/** An attendee's picture by e-mail, null when there is none or the lookup fails (an empty avatar). */
export const attendeeAvatarQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...MEETINGS, 'avatar', email.toLowerCase()],
    queryFn: () =>
      http
        .get<AvatarAnswer>(`/api/users/profile/get_avatar/?${new URLSearchParams({ email })}`)
        .then(({ avatar, new_avatar }) => avatar ?? new_avatar ?? null)
        .catch(() => null),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The avatars of `emails` by lower-cased e-mail: one lookup per distinct address, all at once, each
 * kept in the cache so that cards sharing attendees ask once.
 */
export function useAttendeeAvatars(emails: readonly string[]): ReadonlyMap<string, string | null> {
  const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
  return useQueries({
    queries: unique.map(attendeeAvatarQueryOptions),
    combine: (results) => new Map(unique.map((email, index) => [email, results[index]?.data ?? null])),
  });
}
