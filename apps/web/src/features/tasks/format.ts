import type { TaskPerson, TaskSla } from '@atrium/contracts';
import type { MantineColor } from '@mantine/core';
import { dateTime } from '../../lib/dates';

/** DESIGN.md: dates as dd.mm.yyyy, with the time where it matters; a dash for none. */
export const formatDateTime = (iso: string | null) => (iso ? dateTime(new Date(iso)) : '—');

export const fullName = (person: Pick<TaskPerson, 'first_name' | 'last_name'>) =>
  `${person.first_name} ${person.last_name}`;

/** The Estimation column's colour: red when overdue, orange when less than a working day is left. */
export function slaColor(sla: TaskSla | null): MantineColor | undefined {
  if (sla?.overdue) return 'red';
  if (sla?.urgent) return 'orange';
  return undefined;
}
