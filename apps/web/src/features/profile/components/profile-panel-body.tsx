import type { FormField, Profile } from '@atrium/contracts';
import { Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../lib/http';
import { EmptyState, SkeletonRows } from '../../../ui';
import { configModeOf, formFieldsQueryOptions, profileQueryOptions } from '../api';
import { defaultTab, type ProfileTab, profileTabs } from '../profile-tabs';
import { AuditTab } from './audit-tab';
import { CompetenciesTab } from './competencies-tab';
import { EventsTab } from './events-tab';
import { FieldGroupTab } from './field-group-tab';
import { ProfileHeader } from './profile-header';
import { SubordinationTab } from './subordination-tab';
import { TabsCarousel } from './tabs-carousel';

/** What other features show in the profile's tabs; the app fills them (features never import each other). */
export type ProfileSlots = {
  /** The Tasks tab's content for the viewed person. */
  tasksTab?: (profile: Profile) => ReactNode;
  /** The Documents tab's content for the viewed person. */
  documentsTab?: (profile: Profile) => ReactNode;
};

type TabContentProps = { tab: ProfileTab; profile: Profile; fields: FormField[]; slots: ProfileSlots };

function TabContent({ tab, profile, fields, slots }: TabContentProps) {
  if ('group' in tab) {
    const groupFields = fields.filter((field) => field.group === tab.group.id);
    return <FieldGroupTab profile={profile} group={tab.group} fields={groupFields} />;
  }
  switch (tab.key) {
    case 'competencies':
      return <CompetenciesTab profile={profile} />;
    case 'subordination':
      return <SubordinationTab profile={profile} />;
    case 'tasks':
      return slots.tasksTab?.(profile) ?? <EmptyState text="Task records not found" />;
    case 'events':
      return <EventsTab userId={profile.id} />;
    case 'documents':
      return slots.documentsTab?.(profile) ?? <EmptyState text="Empty section" />;
    case 'audit':
      return <AuditTab userId={profile.id} />;
  }
}

type ViewerProps = {
  /** The session user's id: their own profile's picture goes through the self upload. */
  viewerId: number;
  /** Called with the person's id once their new picture is saved, to refresh what else shows it. */
  onAvatarChange: (userId: number) => void;
  slots?: ProfileSlots;
};

function ProfilePanel({ profile, viewerId, onAvatarChange, slots = {} }: ViewerProps & { profile: Profile }) {
  // A viewer who may not edit reads the profile with the self configuration's groups and labels.
  const company = profile.edit_mode === 'none' ? undefined : profile.company;
  const config = useQuery(formFieldsQueryOptions(configModeOf(profile.edit_mode), company));
  const [chosen, setChosen] = useState<string | null>(null);
  const tabs = profileTabs(profile.edit_mode, config.data?.groups ?? []);
  const active = tabs.find((tab) => tab.key === (chosen ?? defaultTab(tabs)));

  return (
    <Stack gap="md" pb="md">
      <ProfileHeader
        profile={profile}
        showBasics={config.isPending || !active?.hidesBasics}
        own={profile.id === viewerId}
        onAvatarChange={() => onAvatarChange(profile.id)}
      />
      {config.isPending ? (
        <SkeletonRows count={4} />
      ) : (
        <Tabs value={active?.key ?? null} onChange={setChosen} keepMounted={false}>
          <TabsCarousel tabs={tabs} active={active?.key} />
          {active && (
            // Keyed by tab: leaving a tab unmounts it, which is how switching tabs cancels an edit.
            <Tabs.Panel key={active.key} value={active.key} px="md" pt="md">
              <TabContent tab={active} profile={profile} fields={config.data?.fields ?? []} slots={slots} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Stack>
  );
}

/** The profile panel of /people?profile={id}: the person's header and their tabs. */
export function ProfilePanelBody({ userId, ...viewer }: ViewerProps & { userId: number }) {
  const profile = useQuery(profileQueryOptions(userId));
  if (profile.isPending) return <SkeletonRows count={6} />;
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return <EmptyState text={missing ? 'Profile not found' : 'The profile could not be loaded'} />;
  }
  // Keyed by person: another profile starts on its own default tab, with nothing in edit.
  return <ProfilePanel key={userId} profile={profile.data} {...viewer} />;
}
