import type { CalendarFilterBody, HolidayDay } from '@atrium/contracts';
import { Box, Button, Group, Paper, Stack } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconCalendarEvent, IconRss } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Deferred, lazyPart } from '../../../app/lazy-parts';
import { useCurrentSession } from '../../../app/session';
import { useMatchesMedia } from '../../../lib/media-query';
import {
  calendarMonthQueryOptions,
  holidaysQueryOptions,
  type PeopleScope,
  structureQueryOptions,
} from '../api';
import { CALENDAR_VIEWS, CalendarHeader, type CalendarView } from '../components/calendar-header';
import { FilterPanel } from '../components/filter-panel';
import { MonthGrid } from '../components/month-grid';
import { isoDate, monthBounds, parseIsoDate, shiftMonth } from '../month-grid';
import { useAwayPeople } from '../use-away-people';

// The subscription modal and the phone's filter sheet load after the month, or at once when opened.
const FeedModal = lazyPart(async () => (await import('../components/feed-modal')).FeedModal);
const FiltersDrawer = lazyPart(async () => (await import('../components/filters-drawer')).FiltersDrawer);

/** Spec §9: the calendar's requests wait 700 ms for the choices to settle. */
export const CALENDAR_DEBOUNCE_MS = 700;

const isView = (value: string | null): value is CalendarView =>
  CALENDAR_VIEWS.includes(value as CalendarView);

/** The page's `view` and `date`, the defaults (month, today) standing in for missing or invalid ones. */
function useCalendarAddress() {
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view');
  const dateParam = params.get('date');
  const date = parseIsoDate(dateParam) ?? new Date();
  const view: CalendarView = isView(viewParam) ? viewParam : 'month';
  const complete = isView(viewParam) && parseIsoDate(dateParam) !== null;

  // Spec §2: missing values are written into the address; replace, so Back does not return to the bare URL.
  // Once each time the address becomes incomplete, not after every commit: a commit that comes while a
  // link to another page is being followed (the grid's deferred render) would write the calendar's
  // address over that page's.
  const completeAddress = useEffectEvent(() => setParams({ view, date: isoDate(date) }, { replace: true }));
  useEffect(() => {
    if (!complete) completeAddress();
  }, [complete]);

  const goTo = (next: Date) => setParams({ view, date: isoDate(next) });
  return { view, date, goTo };
}

/** /calendar/vacations: the company's month of vacations and sick leaves (spec work side §2). */
export function CompanyCalendarPage() {
  const { company } = useCurrentSession();
  const { date, goTo } = useCalendarAddress();
  const year = date.getFullYear();
  const month = date.getMonth() + 1;

  const [department, setDepartment] = useState<number[]>([]);
  const [division, setDivision] = useState<number[]>([]);
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const [feedOpen, feed] = useDisclosure(false);
  const [filtersOpen, filters] = useDisclosure(false);
  const phone = useMatchesMedia('(max-width: 62em)');

  // The people and the exclusions belong to one month and one structure filter: a new one clears them.
  const scopeKey = JSON.stringify({
    ...monthBounds(year, month),
    department,
    division,
  } satisfies PeopleScope);
  const [excludedScope, setExcludedScope] = useState(scopeKey);
  if (excludedScope !== scopeKey) {
    setExcludedScope(scopeKey);
    setExcluded(new Set());
  }

  // Debounced as text, so a value equal to the last one does not restart the wait.
  const [settledScopeKey] = useDebouncedValue(scopeKey, CALENDAR_DEBOUNCE_MS);
  const settledScope = useMemo(() => JSON.parse(settledScopeKey) as PeopleScope, [settledScopeKey]);

  const awayPeople = useAwayPeople(settledScope);
  const { people } = awayPeople;

  // With someone unticked, the grid asks for the ticked ones only.
  const ticked =
    excluded.size > 0 && people
      ? people.filter((person) => !excluded.has(person.id)).map(({ id }) => id)
      : undefined;
  const bodyKey = JSON.stringify({
    year,
    month,
    detail: true,
    ...(ticked && { users: ticked }),
    ...(department.length > 0 && { department }),
    ...(division.length > 0 && { division }),
  } satisfies CalendarFilterBody);
  const [settledBodyKey] = useDebouncedValue(bodyKey, CALENDAR_DEBOUNCE_MS);
  const settledBody = useMemo(() => JSON.parse(settledBodyKey) as CalendarFilterBody, [settledBodyKey]);

  const monthQuery = useQuery({
    ...calendarMonthQueryOptions(settledBody),
    // Within one month the grid keeps what it shows until the new answer replaces it.
    placeholderData: (previous) =>
      previous && previous.year === settledBody.year && previous.month === settledBody.month
        ? previous
        : undefined,
  });
  const holidaysQuery = useQuery(holidaysQueryOptions(settledBody.year));
  const holidays = useMemo(() => {
    const byDate = new Map<string, HolidayDay>();
    for (const each of holidaysQuery.data?.months ?? [])
      for (const week of each.weeks) for (const day of week.days) byDate.set(day.date, day);
    return byDate;
  }, [holidaysQuery.data]);

  const departments = useQuery(structureQueryOptions('Department', company.id)).data;
  const divisions = useQuery(structureQueryOptions('Division', company.id)).data;

  const showsOtherMonth = settledBody.year !== year || settledBody.month !== month;
  const loading = showsOtherMonth || monthQuery.isPending;
  const today = isoDate(new Date());
  // The grid (a cell per day, a bar per absence) renders as a deferred update, which React does in slices:
  // the month's answer arrives as one update of its query, and rendering its grid at once was a task of
  // about 250 ms at a phone's speed (4x CPU), which Lighthouse counts as blocking time.
  const grid = useDeferredValue(
    useMemo(
      () => ({
        month,
        data: monthQuery.data,
        loading,
        holidays,
        today,
        scope: { department: settledScope.department, division: settledScope.division },
        excluded,
      }),
      [month, monthQuery.data, loading, holidays, today, settledScope, excluded],
    ),
  );

  const panel = (
    <FilterPanel
      departments={departments}
      divisions={divisions}
      department={department}
      division={division}
      onDepartment={setDepartment}
      onDivision={setDivision}
      people={people}
      excluded={excluded}
      onToggle={(id, isTicked) => {
        const next = new Set(excluded);
        if (isTicked) next.delete(id);
        else next.add(id);
        setExcluded(next);
      }}
      hasMore={awayPeople.hasMore}
      loadingMore={awayPeople.loadingMore}
      onLoadMore={awayPeople.loadMore}
    />
  );

  return (
    <Stack gap="lg">
      <CalendarHeader
        year={year}
        month={month}
        onStep={(offset) => goTo(shiftMonth(date, offset))}
        onToday={() => goTo(new Date())}
        onMonth={(pickedYear, pickedMonth) => goTo(new Date(pickedYear, pickedMonth - 1, 1))}
        actions={
          <Group gap="sm">
            {phone && (
              <Button
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={16} />}
                onClick={filters.open}
              >
                Filters
              </Button>
            )}
            {/* The day view: the user's meetings from today on. */}
            <Button
              component={Link}
              to={`?view=day&date=${isoDate(new Date())}`}
              variant="default"
              leftSection={<IconCalendarEvent size={16} />}
            >
              Meetings
            </Button>
            <Button variant="light" leftSection={<IconRss size={16} />} onClick={feed.open}>
              Subscribe
            </Button>
          </Group>
        }
      />
      <Group align="flex-start" gap="lg" wrap="nowrap">
        {!phone && (
          <Paper
            component="aside"
            aria-label="Calendar filters"
            withBorder
            p="md"
            w={260}
            style={{ flex: 'none' }}
          >
            {panel}
          </Paper>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <MonthGrid {...grid} />
        </Box>
      </Group>
      {phone && (
        <Deferred open={filtersOpen} part={FiltersDrawer}>
          <FiltersDrawer opened={filtersOpen} onClose={filters.close}>
            {panel}
          </FiltersDrawer>
        </Deferred>
      )}
      <Deferred open={feedOpen} part={FeedModal}>
        <FeedModal opened={feedOpen} onClose={feed.close} />
      </Deferred>
    </Stack>
  );
}
