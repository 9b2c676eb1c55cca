import type { CalendarMonth, HolidayDay } from '@atrium/contracts';
import { Box, Text } from '@mantine/core';
import { IconBriefcase, IconFirstAidKit } from '@tabler/icons-react';
import { memo } from 'react';
import { Bone } from '../../../ui/bone';
import { EmptyState } from '../../../ui/empty-state';
import { UserAvatar } from '../../../ui/user-avatar';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { type Bar, isWeekend, layoutWeekBars, SKELETON_CELLS } from '../month-grid';
import classes from './month-grid.module.css';
import { MoreAway, type StructureScope } from './more-away';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const KIND_LABELS = { vacation: 'Vacation', sick_leave: 'Sick leave' } as const;

type MonthGridProps = {
  /** The month shown, 1–12: days of the neighbouring months are drawn muted. */
  month: number;
  data: CalendarMonth | undefined;
  loading: boolean;
  /** The company holidays of the year by date (yyyy-mm-dd). */
  holidays: ReadonlyMap<string, HolidayDay>;
  /** Today (yyyy-mm-dd), marked in the grid. */
  today: string;
  /** The structure filters and unticked people the month was asked with: a day's full list repeats them. */
  scope: StructureScope;
  excluded: ReadonlySet<number>;
};

function WeekdayHeader() {
  return (
    <div className={classes.weekdays} aria-hidden>
      {WEEKDAYS.map((name) => (
        <div key={name} className={classes.weekday}>
          {name}
        </div>
      ))}
    </div>
  );
}

function AbsenceBar({ bar }: { bar: Bar }) {
  const name = `${bar.person.first_name} ${bar.person.last_name}`;
  const Icon = bar.kind === 'vacation' ? IconBriefcase : IconFirstAidKit;
  return (
    <div
      className={`${classes.bar} ${classes[bar.kind]}`}
      style={{ gridColumn: `${bar.start + 1} / span ${bar.span}`, gridRow: bar.lane + 2 }}
      data-absence-bar
      title={`${name} · ${KIND_LABELS[bar.kind]}`}
    >
      <UserAvatar name={name} src={bar.person.avatar} size={22} decorative />
      <span className={classes.barName}>{name}</span>
      <Icon
        className={classes.barIcon}
        size={16}
        stroke={1.75}
        role="img"
        aria-label={KIND_LABELS[bar.kind]}
      />
    </div>
  );
}

/**
 * The month Monday to Sunday: each week a row of days with the bars of the people away in it. Memoised:
 * the page renders it as a deferred update, which only skips the urgent render if the grid does too.
 */
export const MonthGrid = memo(function MonthGrid({
  month,
  data,
  loading,
  holidays,
  today,
  scope,
  excluded,
}: MonthGridProps) {
  if (loading) {
    return (
      <div className={classes.grid} aria-busy="true">
        <VisuallyHidden>Loading the calendar</VisuallyHidden>
        <WeekdayHeader />
        <div className={classes.skeletons}>
          {Array.from({ length: SKELETON_CELLS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
            <div key={index} className={classes.skeletonCell} data-skeleton-cell>
              <Bone height={12} width={20} radius="sm" className={classes.skeletonDate} />
              <Bone height={20} radius="xl" style={{ marginBottom: 6 }} />
            </div>
          ))}
        </div>
      </div>
    );
  }

  const weeks = data?.weeks ?? [];
  const nobodyAway = weeks.every((week) =>
    week.days.every((day) => day.vacation_count === 0 && day.sick_leave_count === 0),
  );

  return (
    <div>
      <div className={classes.grid}>
        <WeekdayHeader />
        {weeks.map((week) => {
          const bars = layoutWeekBars(week.days);
          const lanes = bars.reduce((most, bar) => Math.max(most, bar.lane + 1), 0);
          return (
            <div
              key={week.week}
              className={classes.week}
              style={{ gridTemplateRows: `32px repeat(${lanes}, 26px) 1fr` }}
            >
              {week.days.map((day, column) => {
                const [, dayMonth, dayNumber] = day.date.split('-').map(Number);
                const holiday = holidays.get(day.date);
                const off = day.day_off || holiday?.vacation === true || (!holiday && isWeekend(day.date));
                const className = [
                  classes.day,
                  off && classes.dayOff,
                  dayMonth !== month && classes.outside,
                  day.date === today && classes.today,
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <div
                    key={day.date}
                    className={className}
                    style={{ gridColumn: column + 1 }}
                    data-date={day.date}
                    data-day-off={off || undefined}
                  >
                    {/* The holiday's name shares the number's line: the lanes of bars start below it. */}
                    <div className={classes.dayHead}>
                      <span className={classes.dayNumber}>{dayNumber}</span>
                      <VisuallyHidden>{WEEKDAYS[column]}</VisuallyHidden>
                      {holiday?.name && (
                        <Text component="span" className={classes.holiday} title={holiday.name}>
                          {holiday.name}
                        </Text>
                      )}
                    </div>
                  </div>
                );
              })}
              {bars.map((bar) => (
                <AbsenceBar key={`${bar.kind}-${bar.person.user}-${bar.start}`} bar={bar} />
              ))}
              {week.days.map((day, column) => {
                // A busy day names only a few people (decision 0015): the rest are a count under its bars.
                const more =
                  day.vacation_count - day.vacation.length + (day.sick_leave_count - day.sick_leave.length);
                return more > 0 ? (
                  <MoreAway
                    key={`more-${day.date}`}
                    date={day.date}
                    more={more}
                    scope={scope}
                    excluded={excluded}
                    style={{ gridColumn: column + 1, gridRow: lanes + 2 }}
                  />
                ) : null;
              })}
            </div>
          );
        })}
      </div>
      {nobodyAway && (
        <Box mt="md">
          <EmptyState text="Nothing found :(" hint="Nobody is away this month with these filters." />
        </Box>
      )}
    </div>
  );
});
