import type { SessionUser, UsersFilterBody } from '@atrium/contracts';

/**
 * The people widget's tabs model (spec §2, §4): All, Department and Division. It exists without being
 * rendered; a tab that is not enabled falls back to All.
 */
export type PeopleTab = 'all' | 'department' | 'division';

export type PeopleTabModel = { value: PeopleTab; label: string; enabled: boolean };

type TabUser = Pick<SessionUser, 'department' | 'division'>;

/** The three tabs: All always enabled, Department and Division only once the user has one. */
export function peopleTabs(user: TabUser): PeopleTabModel[] {
  return [
    { value: 'all', label: 'All', enabled: true },
    { value: 'department', label: 'Department', enabled: user.department !== null },
    { value: 'division', label: 'Division', enabled: user.division !== null },
  ];
}

/** What a tab adds to the list filter: nothing for All, the user's own department or division otherwise. */
export function peopleTabFilter(tab: PeopleTab, user: TabUser): UsersFilterBody {
  if (tab === 'department' && user.department !== null) return { Department: [user.department] };
  if (tab === 'division' && user.division !== null) return { Division: [user.division] };
  return {};
}
