import {
  IconBeach,
  IconBriefcase,
  IconCalendarOff,
  IconCertificate,
  IconDeviceLaptop,
  IconFileText,
  IconFirstAidKit,
  IconId,
  IconStethoscope,
  type TablerIcon,
} from '@tabler/icons-react';

/** Icons of the templates the spec knows by key (spec §1). */
const BY_KEY: Record<string, TablerIcon> = {
  vacation_approval: IconBeach,
  leave_at_own_expense_approval: IconCalendarOff,
  business_trip_approval: IconBriefcase,
  official_sick_leave_approval: IconStethoscope,
  internal_hospital_staff: IconFirstAidKit,
  internal_hospital_gph: IconFirstAidKit,
};

/** Icons by numeric type key (spec §9: 24 vacation, 20 trip, 28 sick …). */
const BY_TYPE: Record<number, TablerIcon> = {
  24: IconBeach,
  20: IconBriefcase,
  22: IconCalendarOff,
  26: IconStethoscope,
  28: IconFirstAidKit,
};

/** Icons a factory template may name in its `icon`. */
const BY_NAME: Record<string, TablerIcon> = {
  laptop: IconDeviceLaptop,
  certificate: IconCertificate,
  id: IconId,
  file: IconFileText,
};

/** What picks a template's icon; `key` as the API names it. */
export type TemplateLike = { key?: string | null; type_key?: number | null; icon?: string | null };

/** The icon of a request by its template: its key first, then its type key, then the icon it names. */
export function templateIcon(template: TemplateLike): TablerIcon {
  return (
    BY_KEY[template.key ?? ''] ??
    BY_TYPE[template.type_key ?? -1] ??
    BY_NAME[template.icon ?? ''] ??
    IconFileText
  );
}

/** A template's icon, decorative beside its name. The template comes whole: React keeps a `key` prop. */
export function TemplateIcon({ template, size = 18 }: { template: TemplateLike; size?: number }) {
  const Icon = templateIcon(template);
  return <Icon size={size} stroke={1.6} aria-hidden />;
}
