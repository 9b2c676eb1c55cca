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

/** One id or a list of ids; falsy and NaN entries are dropped, as the web app sends whatever a form holds. */
const Ids = z
  .union([z.number(), z.string(), z.null(), z.array(z.union([z.number(), z.string(), z.null()]))])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .transform((values) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0))
  .optional();

/**
 * The body of POST /api/users/filter/. Keys follow the spec's spelling. Every key is optional; an
 * unknown key is refused, naming it.
 */
export const UsersFilterBody = z.strictObject({
  q: z.string().max(200, 'Search text is too long').optional().nullable(),
  ids: Ids,
  Company: Ids,
  company: Ids,
  /** A department node and everything under it. */
  company_departments: Ids,
  Department: Ids,
  Division: Ids,
});
export type UsersFilterBody = z.input<typeof UsersFilterBody>;

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
