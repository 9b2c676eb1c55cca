import { z } from 'zod';
import { UserStatus } from './common';

/** A person as a list row shows them (directory, people widget, search results). */
export const UserListItem = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  status: UserStatus,
  job_position: z.number().nullable(),
  /** The job position's name, or 'N/A'. */
  job_position_name: z.string(),
  division: z.number().nullable(),
  division_name: z.string().nullable(),
  department: z.number().nullable(),
  department_name: z.string().nullable(),
  country: z.string().nullable(),
  gmt: z.number().nullable(),
  manager_name: z.string().nullable(),
  special_event: z.number().nullable(),
  social: z.record(z.string(), z.string()),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const UsersPage = z.object({
  count: z.number(),
  /** The URL of the next page, or null on the last one. */
  next: z.string().nullable(),
  results: z.array(UserListItem),
});
export type UsersPage = z.infer<typeof UsersPage>;

const Id = z.coerce.number().int().positive();

export const UsersPageQuery = z.object({
  page: Id.default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(15),
  /** count=1 (or true) answers only the count, with no rows. */
  count: z
    .union([z.literal('1'), z.literal('true'), z.literal('0'), z.literal('false')])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});
export type UsersPageQuery = z.input<typeof UsersPageQuery>;

type Scalar = number | string | boolean | null;
const scalar = z.union([z.number(), z.string(), z.boolean(), z.null()]);

/** Falsy and NaN values are dropped, as the web app sends whatever a form holds. */
const present = (value: Scalar) =>
  value !== null && value !== false && value !== '' && value !== 0 && !Number.isNaN(value);

/** One id or a list of ids (numbers or numeric strings); anything else is refused, naming the key. */
const Ids = z
  .union([scalar, z.array(scalar)])
  .transform((value, ctx) => {
    const ids: number[] = [];
    for (const item of (Array.isArray(value) ? value : [value]).filter(present)) {
      const id = typeof item === 'boolean' ? Number.NaN : Number(item);
      if (!Number.isInteger(id) || id <= 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Expected an id or a list of ids, got ${JSON.stringify(item)}`,
        });
        return z.NEVER;
      }
      ids.push(id);
    }
    return ids;
  })
  .optional();

/** A yyyy-mm-dd date; empty values are dropped like other falsy filters. */
const DateFilter = z
  .union([z.iso.date('Expected a date as yyyy-mm-dd'), z.literal(''), z.null()])
  .transform((value) => value || undefined)
  .optional();

/**
 * The body of POST /api/users/filter/: every filter of the spec, keys spelled as the spec spells them.
 * Each takes one value or a list; falsy and NaN entries are dropped; an unknown key or a value of the
 * wrong type is refused, naming the key.
 */
export const UsersFilterBody = z.strictObject({
  q: z.union([z.string().max(200, 'Search text is too long'), z.null()]).optional(),
  ids: Ids,
  /** Months 1–12, whatever the year of birth. */
  birthMonth: Ids.refine((months) => !months || months.every((m) => m <= 12), 'Months are 1 to 12'),
  company: Ids,
  Company: Ids,
  location: Ids,
  /** Status codes 1 Online, 2 Offline, 3 Illness, 4 Vacation. */
  status: Ids.refine((codes) => !codes || codes.every((c) => c <= 4), 'Statuses are 1 to 4'),
  gender: Ids,
  grade: Ids,
  legalEntity: Ids,
  employmentType: Ids,
  jobPosition: Ids,
  jobPositionOfficial: Ids,
  shoeSize: Ids,
  clothingSize: Ids,
  nutrition: Ids,
  statusVisible: Ids,
  specialEvent: Ids,
  /** VHI: true keeps people who have it (false, like every falsy value, is no filter). */
  dms: z.union([z.boolean(), z.null()]).optional(),
  division: Ids,
  Division: Ids,
  department: Ids,
  Department: Ids,
  /** Nodes of the structure's group level (the level under departments). */
  groups: Ids,
  /** A department node and everything under it. */
  company_departments: Ids,
  /** People whose manager is one of these users (restricted to ManagerType when given). */
  Manager: Ids,
  /** The managers of these users (restricted to ManagerType when given). */
  managers_for: Ids,
  ManagerType: Ids,
  vacation_from_date: DateFilter,
  vacation_to_date: DateFilter,
  sick_leave_from_date: DateFilter,
  sick_leave_to_date: DateFilter,
  /** User ids listed first, in this order, before everyone else in name order. */
  special_order: Ids,
});
export type UsersFilterBody = z.input<typeof UsersFilterBody>;
export type UsersFilter = z.output<typeof UsersFilterBody>;

export const SwitchCompanyBody = z.strictObject({
  company: z.number({ error: 'Choose a company' }).int().positive(),
});
export type SwitchCompanyBody = z.infer<typeof SwitchCompanyBody>;

export const DepartmentNode = z.object({
  id: z.number(),
  name: z.string(),
  parent_id: z.number().nullable(),
  level_type: z.number(),
  depth: z.number(),
  employees_count: z.number(),
});
export type DepartmentNode = z.infer<typeof DepartmentNode>;

export const DepartmentTreeResponse = z.object({ results: z.array(DepartmentNode) });
export type DepartmentTreeResponse = z.infer<typeof DepartmentTreeResponse>;

export const LevelType = z.object({ id: z.number(), name: z.string(), depth: z.number() });
export type LevelType = z.infer<typeof LevelType>;
export const LevelTypesResponse = z.object({ results: z.array(LevelType) });
export type LevelTypesResponse = z.infer<typeof LevelTypesResponse>;

/** Nodes of one level type of a company's structure. */
export const CompanyStructureResponse = z.object({
  levels: z.array(z.object({ level_type: LevelType, nodes: z.array(DepartmentNode) })),
});

/** One node: the nodes right under it and the people whose department it is. */
export const DepartmentNodeResponse = z.object({
  node: DepartmentNode,
  nodes: z.array(DepartmentNode),
  employees: z.array(UserListItem),
});
