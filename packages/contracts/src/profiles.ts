import { z } from 'zod';
import { UserStatus } from './common';
import { SOCIAL_NETWORKS } from './constants';

export const FORM_MODES = ['hr', 'self', 'create'] as const;
export type FormMode = (typeof FORM_MODES)[number];

/** How the viewer may edit a profile: with the HR configuration, their own (self), or not at all. */
export const EditMode = z.enum(['hr', 'self', 'none']);
export type EditMode = z.infer<typeof EditMode>;

/** Profile fields only the person themself and HR see; everyone else gets them absent. */
export const PRIVATE_PROFILE_FIELDS = [
  'private_email',
  'mobile_phone',
  'birthdate',
  'passport_expiry',
  'visa_expiry',
  'residence_permit_expiry',
  'private_folder',
] as const;

const Id = z.number().nullable();
const Day = z.string().nullable();

/**
 * A profile as GET /api/users/{id}/ answers it. Private fields are optional: absent for viewers who may
 * not see them. `birthday` (mm-dd) is for everyone; the full `birthdate` with its year is private.
 */
export const Profile = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  status: UserStatus,
  company: z.number(),
  company_name: z.string(),
  job_position: Id,
  job_position_name: z.string(),
  job_position_official: Id,
  division: Id,
  division_name: z.string().nullable(),
  department: Id,
  department_name: z.string().nullable(),
  country: Id,
  country_name: z.string().nullable(),
  location: Id,
  location_name: z.string().nullable(),
  gmt: z.number().nullable(),
  gender: Id,
  grade: Id,
  legal_entity: Id,
  employment_type: Id,
  shoe_size: Id,
  clothing_size: Id,
  nutrition: Id,
  status_visible: Id,
  special_event: Id,
  dms: z.boolean().nullable(),
  birthday: z.string().nullable(),
  hire_date: Day,
  first_hire_date: Day,
  dismissal_date: Day,
  about_me: z.string().nullable(),
  manager_name: z.string().nullable(),
  social: z.record(z.string(), z.string()),
  ...Object.fromEntries(SOCIAL_NETWORKS.map((n) => [`social_${n}`, z.string().nullable()])),
  private_email: z.string().nullable().optional(),
  mobile_phone: z.string().nullable().optional(),
  birthdate: Day.optional(),
  passport_expiry: Day.optional(),
  visa_expiry: Day.optional(),
  residence_permit_expiry: Day.optional(),
  private_folder: z.string().nullable().optional(),
  can_edit: z.boolean(),
  edit_mode: EditMode,
});
export type Profile = z.infer<typeof Profile>;

export const FieldGroup = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  required: z.boolean(),
  editable: z.boolean(),
});
export type FieldGroup = z.infer<typeof FieldGroup>;

export const FormField = z.object({
  name: z.string(),
  display_name: z.string(),
  type: z.string(),
  group: z.number(),
  /** Choices of a select, radios or checkboxes, from its dictionary or fixed in the configuration. */
  values: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })).nullable(),
  dictionary: z.string().nullable(),
  required: z.boolean(),
  editable: z.boolean(),
  visible: z.boolean(),
  is_fav: z.boolean(),
  view_control: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  min_len: z.number().nullable(),
  max_len: z.number().nullable(),
});
export type FormField = z.infer<typeof FormField>;

export const FormFieldsQuery = z.object({
  mode: z.enum(FORM_MODES, { error: 'mode is hr, self or create' }),
  company: z.coerce.number({ error: 'company must be a number' }).int().positive().optional(),
});

const Modes = z.array(z.enum(FORM_MODES, { error: 'Modes are hr, self and create' })).max(3);

/** What HR may change of one field of the company's profile form. */
export const FormFieldPatchBody = z
  .strictObject({
    display_name: z.string().trim().min(1, 'Display name is required').max(100, 'Display name is too long'),
    required: z.boolean(),
    is_fav: z.boolean(),
    position: z.number().int().min(0).max(1000),
    visible_in: Modes,
    editable_in: Modes,
  })
  .partial();
export type FormFieldPatchBody = z.infer<typeof FormFieldPatchBody>;

export const FormFieldsResponse = z.object({ groups: z.array(FieldGroup), fields: z.array(FormField) });
export type FormFieldsResponse = z.infer<typeof FormFieldsResponse>;

export const GroupQuery = z.object({
  group_id: z.coerce.number({ error: 'group_id must be a number' }).int().positive().optional(),
});

/** Profile edits and new users: field name → value, checked against the form configuration. */
export const ProfileFieldsBody = z.record(z.string(), z.unknown());

export const StatusBody = z.strictObject({
  status: z
    .number({ error: 'Status is 1 (Online), 2 (Offline), 3 (Illness) or 4 (Vacation)' })
    .int()
    .min(1, 'Status is 1 (Online), 2 (Offline), 3 (Illness) or 4 (Vacation)')
    .max(4, 'Status is 1 (Online), 2 (Offline), 3 (Illness) or 4 (Vacation)')
    .transform((status) => status as UserStatus),
  id: z.number().int().positive().optional(),
});
