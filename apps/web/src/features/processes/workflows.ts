import type { TablerIcon } from '@tabler/icons-react';
import { IconChartBar, IconFileText, IconForms, IconSitemap } from '@tabler/icons-react';

/** An entry of the processes screen's "Workflows" list (spec work side §2 "Prototype and stub screens"). */
export type WorkflowEntry = {
  name: string;
  path: string;
  icon: TablerIcon;
  /** For an entry whose screen is still to come, what it will hold; the workflow entry has its board. */
  coming?: string;
};

export const WORKFLOW_ENTRIES: readonly WorkflowEntry[] = [
  {
    name: 'New document',
    path: '/new-document',
    icon: IconFileText,
    coming: 'Drafting documents from company templates is coming.',
  },
  { name: 'New workflow', path: '/new-workflow', icon: IconSitemap },
  { name: 'New form', path: '/new-form', icon: IconForms, coming: 'Designing forms for requests is coming.' },
  {
    name: 'New report',
    path: '/new-report',
    icon: IconChartBar,
    coming: 'Building reports from requests and reviews is coming.',
  },
];

/** The entries whose name holds `query`, ignoring case and the spaces around it. */
export function matchingEntries(query: string): readonly WorkflowEntry[] {
  const wanted = query.trim().toLowerCase();
  return WORKFLOW_ENTRIES.filter((entry) => entry.name.toLowerCase().includes(wanted));
}

export const entryAt = (pathname: string) => WORKFLOW_ENTRIES.find((entry) => entry.path === pathname);
