import { MONTH_NAMES } from '@atrium/contracts';
import { ActionIcon, Button, Group, Popover, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarMonth, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { SegmentedControl } from '../../../ui';

export const CALENDAR_VIEWS = ['day', 'week', 'month', 'year'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** January (0) to December (11). */
const MONTH_INDEXES = Array.from({ length: 12 }, (_, index) => index);

// English names from a list: toLocaleString built a date formatter on every call, 25 of them for each
// render of the month picker (60 ms of the calendar page's first load on a phone's CPU).
const monthName = (monthIndex: number, width: 'long' | 'short') => {
  const name = MONTH_NAMES[monthIndex] as string;
  return width === 'long' ? name : name.slice(0, 3);
};

type CalendarHeaderProps = {
  /** The month shown: year and month 1–12. */
  year: number;
  month: number;
  onMonth: (year: number, month: number) => void;
  onStep: (offset: -1 | 1) => void;
  onToday: () => void;
  /** Actions at the right end (the feed's Subscribe, the phone's Filters). */
  actions?: ReactNode;
};

/** A year of 12 small months: picking one shows it. The arrows page through years. */
function MonthPicker({
  year,
  month,
  onPick,
}: {
  year: number;
  month: number;
  onPick: (year: number, month: number) => void;
}) {
  const [shownYear, setShownYear] = useState(year);
  return (
    <div>
      <Group justify="space-between" mb="xs">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Previous year"
          onClick={() => setShownYear(shownYear - 1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text fw={600} ff="text" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {shownYear}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Next year"
          onClick={() => setShownYear(shownYear + 1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={3} spacing={4} verticalSpacing={4} role="group" aria-label={`Months of ${shownYear}`}>
        {MONTH_INDEXES.map((index) => {
          const current = shownYear === year && index + 1 === month;
          return (
            <UnstyledButton
              key={index}
              onClick={() => onPick(shownYear, index + 1)}
              aria-label={`${monthName(index, 'long')} ${shownYear}`}
              aria-current={current ? 'date' : undefined}
              px="sm"
              py={8}
              ta="center"
              fz="sm"
              bg={current ? 'indigo.6' : undefined}
              c={current ? 'white' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              mod={{ current }}
            >
              {monthName(index, 'short')}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </div>
  );
}

/** The page's top bar: the title, the month with its arrows, Today, the month picker and the view switcher. */
export function CalendarHeader({ year, month, onMonth, onStep, onToday, actions }: CalendarHeaderProps) {
  const [pickerOpen, picker] = useDisclosure(false);
  const label = `${monthName(month - 1, 'long')} ${year}`;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <Title order={1}>Calendar</Title>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label="Previous month" onClick={() => onStep(-1)}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label="Next month" onClick={() => onStep(1)}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        <Button variant="default" onClick={onToday}>
          Today
        </Button>
        <Popover
          opened={pickerOpen}
          onChange={picker.toggle}
          position="bottom-start"
          shadow="md"
          width={260}
          trapFocus
        >
          <Popover.Target>
            <Button
              variant="subtle"
              color="gray"
              c="dark"
              rightSection={<IconCalendarMonth size={16} />}
              onClick={picker.toggle}
              aria-label={`Pick a month: ${label}`}
              aria-expanded={pickerOpen}
              fz="lg"
              fw={600}
              px="xs"
            >
              {label}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <MonthPicker
              year={year}
              month={month}
              onPick={(pickedYear, pickedMonth) => {
                picker.close();
                onMonth(pickedYear, pickedMonth);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      </Group>
      <Group gap="sm" wrap="wrap">
        {/* Spec §2: only the month view exists yet; the switcher shows the others, disabled. */}
        <SegmentedControl
          aria-label="View"
          value="month"
          size="sm"
          data={CALENDAR_VIEWS.map((each) => ({
            value: each,
            label: `${each[0]?.toUpperCase()}${each.slice(1)}`,
            disabled: each !== 'month',
          }))}
        />
        {actions}
      </Group>
    </Group>
  );
}
