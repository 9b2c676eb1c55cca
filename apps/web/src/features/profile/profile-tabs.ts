import type { EditMode, FieldGroup } from '@atrium/contracts';

type SectionKey = 'competencies' | 'tasks' | 'subordination' | 'events' | 'documents' | 'audit';

export type ProfileTab =
  | { key: SectionKey; label: string; hidesBasics: boolean }
  | { key: `group-${number}`; label: string; hidesBasics: false; group: FieldGroup };

/** Spec: the carousel shows 5 tabs at a time. */
export const VISIBLE_TABS = 5;

type Audience = 'everyone' | 'ownOrHr' | 'hr';

/**
 * The work sections, in the spec's order: `ownOrHr` ones appear only on one's own profile or for HR;
 * the profile's history (Audit, issue 12) only for HR, as only HR may read it.
 */
const SECTIONS: { key: SectionKey; label: string; audience: Audience; hidesBasics: boolean }[] = [
  { key: 'competencies', label: 'Competencies', audience: 'ownOrHr', hidesBasics: true },
  { key: 'tasks', label: 'Tasks', audience: 'ownOrHr', hidesBasics: true },
  { key: 'subordination', label: 'Subordination', audience: 'ownOrHr', hidesBasics: true },
  { key: 'events', label: 'Events', audience: 'everyone', hidesBasics: false },
  { key: 'documents', label: 'Documents', audience: 'ownOrHr', hidesBasics: true },
  { key: 'audit', label: 'Audit', audience: 'hr', hidesBasics: true },
];

const sees = (audience: Audience, editMode: EditMode) =>
  audience === 'everyone' || (audience === 'ownOrHr' ? editMode !== 'none' : editMode === 'hr');

/**
 * The tabs of a profile: the work sections, then a tab per field group of the configuration (the
 * subordination group has its own section). The server gives a viewer edit mode 'self' or 'hr' exactly
 * on their own profile or as HR (of the person's company), so that mode decides the sections.
 */
export function profileTabs(editMode: EditMode, groups: FieldGroup[]): ProfileTab[] {
  const sections: ProfileTab[] = SECTIONS.filter((section) => sees(section.audience, editMode)).map(
    ({ key, label, hidesBasics }) => ({ key, label, hidesBasics }),
  );
  const groupTabs: ProfileTab[] = groups
    .filter((group) => group.name !== 'subordination')
    .map((group) => ({ key: `group-${group.id}`, label: group.display_name, hidesBasics: false, group }));
  return [...sections, ...groupTabs];
}

/** A profile opens on its first field group, which shows the basic content, else on its first tab. */
export const defaultTab = (tabs: ProfileTab[]) => (tabs.find((tab) => 'group' in tab) ?? tabs[0])?.key;

/** Where the carousel starts to show `key`: at that tab, or at the last full window when fewer follow it. */
export function windowStartFor(tabs: ProfileTab[], key: string | undefined) {
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === key),
  );
  return Math.min(index, Math.max(0, tabs.length - VISIBLE_TABS));
}
