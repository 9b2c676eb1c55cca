import { ActionIcon, Group, Tabs } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { type ProfileTab, VISIBLE_TABS, windowStartFor } from '../profile-tabs';
import classes from './tabs-carousel.module.css';

/** The tab list of the profile: VISIBLE_TABS at a time, the arrows move the window by one tab. */
export function TabsCarousel({ tabs, active }: { tabs: ProfileTab[]; active: string | undefined }) {
  const [start, setStart] = useState(() => windowStartFor(tabs, active));
  const last = Math.max(0, tabs.length - VISIBLE_TABS);
  // The tabs may have grown or shrunk since (the configuration arrives after the sections).
  const first = Math.min(start, last);
  const scrolls = tabs.length > VISIBLE_TABS;

  return (
    <Group gap={4} wrap="nowrap" px="md">
      {scrolls && (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Previous tabs"
          className={classes.arrow}
          disabled={first === 0}
          onClick={() => setStart(first - 1)}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
      )}
      <Tabs.List style={{ flex: 1, flexWrap: 'nowrap', overflowX: 'auto' }}>
        {tabs.slice(first, first + VISIBLE_TABS).map((tab) => (
          <Tabs.Tab key={tab.key} value={tab.key} style={{ whiteSpace: 'nowrap' }}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {scrolls && (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Next tabs"
          className={classes.arrow}
          disabled={first === last}
          onClick={() => setStart(first + 1)}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
