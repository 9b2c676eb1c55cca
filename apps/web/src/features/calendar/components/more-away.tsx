import { Button, Group, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type CSSProperties, useId } from 'react';
import { Bone } from '../../../ui/bone';
import { UserAvatar } from '../../../ui/user-avatar';
import { displayDate } from '../month-grid';
import { useAwayPeople } from '../use-away-people';
import classes from './month-grid.module.css';

/** The structure filters of the grid, which the day's list repeats. */
export type StructureScope = { department: number[]; division: number[] };

type MoreAwayProps = {
  /** yyyy-mm-dd */
  date: string;
  /** People away that day whom the grid does not draw. */
  more: number;
  scope: StructureScope;
  /** People unticked in the side panel: the grid leaves them out, so does the list. */
  excluded: ReadonlySet<number>;
  style: CSSProperties;
};

/** Everyone away on one day, 15 a page (the grid draws only a few of a busy day). */
function DayPeople({ date, scope, excluded }: Pick<MoreAwayProps, 'date' | 'scope' | 'excluded'>) {
  const { people, hasMore, loadingMore, loadMore } = useAwayPeople({ from: date, to: date, ...scope });
  if (people === undefined) {
    return (
      <Stack gap={8}>
        {[0, 1, 2].map((index) => (
          <Bone key={index} height={22} />
        ))}
      </Stack>
    );
  }
  const shown = people.filter((person) => !excluded.has(person.id));
  return (
    <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
      <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((person) => {
          const name = `${person.first_name} ${person.last_name}`;
          return (
            <Group key={person.id} component="li" gap={8} wrap="nowrap">
              <UserAvatar name={name} src={person.avatar} size={22} decorative />
              <Text fz="sm" truncate>
                {name}
              </Text>
            </Group>
          );
        })}
        {hasMore && (
          <li>
            <Button variant="subtle" size="xs" loading={loadingMore} onClick={loadMore}>
              Load more
            </Button>
          </li>
        )}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** "+N more" under a day's bars; it opens the list of everyone away that day. */
export function MoreAway({ date, more, scope, excluded, style }: MoreAwayProps) {
  const [opened, popover] = useDisclosure(false);
  const day = displayDate(date);
  const titleId = useId();
  return (
    <Popover opened={opened} onChange={popover.toggle} position="bottom" shadow="md" width={260} withinPortal>
      <Popover.Target>
        <UnstyledButton
          className={classes.more}
          style={style}
          onClick={popover.toggle}
          aria-label={`${more.toLocaleString('en-US')} more away on ${day}`}
          aria-expanded={opened}
          data-more-away
        >
          +{more.toLocaleString('en-US')}
          <span className={classes.moreWord}> more</span>
        </UnstyledButton>
      </Popover.Target>
      {/* Named by its title rather than by the "+N more" target, as Mantine would. */}
      <Popover.Dropdown aria-labelledby={titleId}>
        <Text id={titleId} fw={600} fz="sm" mb="xs">
          Away on {day}
        </Text>
        {opened && <DayPeople date={date} scope={scope} excluded={excluded} />}
      </Popover.Dropdown>
    </Popover>
  );
}
