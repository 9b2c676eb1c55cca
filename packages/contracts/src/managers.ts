import { z } from 'zod';

/**
 * A required id, in a query string or a form body. A form sends an empty choice as null, 0 or '', so
 * those read as missing ('{label} is required'); a query string's digits are read as a number.
 */
export const requiredId = (label: string) =>
  z.preprocess(
    (value) => {
      if (value === null || value === 0 || value === '') return undefined;
      return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be an id`),
      })
      .int(`${label} must be an id`)
      .positive(`${label} must be an id`),
  );

/** The manager types the rules know, in the order a person's managers are listed. */
export const MANAGER_TYPE_CODES = ['manager', 'deputy', 'hrbp', 'extra'] as const;
export type ManagerTypeCode = (typeof MANAGER_TYPE_CODES)[number];
/** A person has at most one manager of these types; extra managers may be several. */
export const SINGLE_MANAGER_TYPES: readonly ManagerTypeCode[] = ['manager', 'deputy', 'hrbp'];

/** An item of the UserManagerType dictionary. */
export const ManagerType = z.object({ id: z.number(), name: z.string(), code: z.enum(MANAGER_TYPE_CODES) });
export type ManagerType = z.infer<typeof ManagerType>;

/** One of a person's managers, as the subordination tab shows them. */
export const ManagerLink = z.object({
  id: z.number(),
  /** The person who is managed. */
  user: z.number(),
  manager: z.object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    avatar: z.string().nullable(),
    /** The manager's job position, or 'N/A'. */
    job_position_name: z.string(),
  }),
  manager_type: ManagerType,
});
export type ManagerLink = z.infer<typeof ManagerLink>;

export const ManagerLinksResponse = z.object({ results: z.array(ManagerLink) });
export type ManagerLinksResponse = z.infer<typeof ManagerLinksResponse>;

export const ManagerTypesResponse = z.object({ results: z.array(ManagerType) });
export type ManagerTypesResponse = z.infer<typeof ManagerTypesResponse>;

/** GET /api/managers/ and /api/managers/manager_types/: whose subordination. */
export const ManagersQuery = z.object({ user_id: requiredId('user_id') });

/** POST /api/managers/: make `manager` a manager of type `manager_type` of `user`. */
export const ManagerLinkBody = z.strictObject({
  user: requiredId('User'),
  manager: requiredId('Manager'),
  manager_type: requiredId('Manager type'),
});
export type ManagerLinkBody = z.input<typeof ManagerLinkBody>;
