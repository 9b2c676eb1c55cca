import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { memo, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Bone } from '../../../ui/bone';
import { DropdownSelect, type SelectOption } from '../../../ui/dropdown-select';
import {
  formatDuration,
  formatTimeRange,
  markerSlot,
  type Placed,
  placeSideBySide,
  timelineSlots,
  timelineSpan,
} from '../timeline';
import { useNow } from '../use-now';
import classes from './calendar-widget.module.css';

/** A meeting as the day timeline places it; `href` is where its block leads. */
export type TimelineMeeting = { id: string; title: string; start: Date; end: Date; href?: string };

/** `meetings`: none yet while they load (the count is a placeholder then, not a zero). */
type CalendarWidgetProps = { meetings?: readonly TimelineMeeting[] };

const SLOT_HEIGHT = 44;
const LABEL_WIDTH = 48;
/** The spec's filter is disabled; it offers only what it shows. */
const FILTER_OPTIONS: SelectOption<string>[] = [{ value: 'all', label: 'All meetings' }];
const ignoreChoice = () => {};

/**
 * The calendar side widget's body (spec: side widgets): today's count, a filter that is not in use
 * yet, and a day of 24 half-hour slots with a marker on the current one and the meetings as blocks.
 * Memoised: the shell around it re-renders on every route and widget change, the day does not.
 */
export const CalendarWidget = memo(function CalendarWidget({ meetings }: CalendarWidgetProps) {
  const now = useNow();
  const current = markerSlot(now);
  const markerRef = useRef<HTMLLIElement>(null);

  // Only when the widget opens: scrolling on every minute's tick would fight the user's own scrolling.
  // At once, not smoothly: the widget has only just appeared, and the browser takes an animated scroll
  // for the user's own, after which it stops measuring the page's largest paint (LCP) on a home page
  // that opens this widget by itself.
  useEffect(() => {
    markerRef.current?.scrollIntoView({ block: 'center' });
  }, []);

  return (
    <Stack gap="sm" h="100%" mih={0}>
      <Group justify="space-between" wrap="nowrap" px="md">
        {meetings === undefined ? (
          <Bone height={12} width={110} />
        ) : (
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {meetings.length} meetings today
          </Text>
        )}
        <DropdownSelect
          label="Filter meetings"
          hideLabel
          options={FILTER_OPTIONS}
          value="all"
          onChange={ignoreChoice}
          disabled
        />
      </Group>
      <Box flex={1} mih={0} style={{ overflowY: 'auto' }} px="md" pb="md">
        <Box pos="relative">
          <Box component="ol" aria-label="Today's timeline" m={0} p={0} style={{ listStyle: 'none' }}>
            {timelineSlots().map((label, slot) => (
              <Box
                component="li"
                key={label}
                ref={slot === current ? markerRef : undefined}
                aria-current={slot === current ? 'time' : undefined}
                h={SLOT_HEIGHT}
                pos="relative"
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Text
                  size="xs"
                  c={slot === current ? 'indigo.7' : 'dimmed'}
                  fw={slot === current ? 600 : undefined}
                  w={LABEL_WIDTH}
                  pt={2}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {label}
                </Text>
                {slot === current && <CurrentTimeMarker />}
              </Box>
            ))}
          </Box>
          {placeSideBySide(meetings ?? []).map((placed) => (
            <MeetingBlock key={placed.meeting.id} placed={placed} now={now} />
          ))}
        </Box>
      </Box>
    </Stack>
  );
});

/** A line across the current slot with a dot at its start, drawn over the slot's top border. */
function CurrentTimeMarker() {
  return (
    <Box
      aria-hidden
      pos="absolute"
      top={-1}
      left={LABEL_WIDTH - 4}
      right={0}
      h={2}
      bg="indigo.6"
      // Over the meeting blocks, which come later in the page.
      style={{ borderRadius: 1, zIndex: 1 }}
    >
      <Box pos="absolute" left={-3} top={-3} w={8} h={8} bg="indigo.6" style={{ borderRadius: '50%' }} />
    </Box>
  );
}

/** A meeting's block, in its column of the meetings running at the same time. */
function MeetingBlock({
  placed: { meeting, column, columns },
  now,
}: {
  placed: Placed<TimelineMeeting>;
  now: Date;
}) {
  const span = timelineSpan(meeting, now);
  if (!span) return null;
  const lane = `(100% - ${LABEL_WIDTH}px) / ${columns}`;
  const content = (
    <>
      <Text size="xs" fw={600} truncate>
        {meeting.title}
      </Text>
      <Text size="xs" c="dimmed" truncate style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatTimeRange(meeting.start, meeting.end)} · {formatDuration(meeting.start, meeting.end)}
      </Text>
    </>
  );
  return (
    <Paper
      component="article"
      aria-label={meeting.title}
      data-lane={`${column + 1}/${columns}`}
      className={classes.block}
      pos="absolute"
      top={span.from * SLOT_HEIGHT + 2}
      h={(span.to - span.from) * SLOT_HEIGHT - 4}
      left={`calc(${LABEL_WIDTH}px + ${lane} * ${column})`}
      w={`calc(${lane} - 2px)`}
      bg="indigo.0"
    >
      {meeting.href ? (
        <Link to={meeting.href} className={classes.link}>
          {content}
        </Link>
      ) : (
        <div className={classes.content}>{content}</div>
      )}
    </Paper>
  );
}
