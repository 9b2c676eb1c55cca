import { z } from 'zod';
import { UserStatus } from './common';

export const Email = z
  .string({ error: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .max(254, 'E-mail is too long')
  .pipe(z.email('Enter a valid e-mail address'))
  .transform((email) => email.toLowerCase());

export const RequestCodeBody = z.strictObject({ email: Email });
export type RequestCodeBody = z.input<typeof RequestCodeBody>;

export const CheckCodeBody = z.strictObject({
  email: Email,
  otp: z
    .string({ error: 'Code is required' })
    .trim()
    .min(1, 'Code is required')
    .regex(/^\d{6}$/, 'The code is 6 digits'),
});
export type CheckCodeBody = z.input<typeof CheckCodeBody>;

export const RequestCodeResponse = z.object({
  detail: z.string(),
  /** How long the code stays valid, in seconds. */
  expires_in: z.number(),
});
export type RequestCodeResponse = z.infer<typeof RequestCodeResponse>;

export const CheckCodeResponse = z.object({ id: z.number() });
export type CheckCodeResponse = z.infer<typeof CheckCodeResponse>;

/** A refusal to be tried again after `retry_after` seconds: throttled (429), or mail backed up (503). */
export const RetryLaterBody = z.object({ error: z.string(), retry_after: z.number() });

const Company = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string().nullable(),
  logo_small: z.string().nullable(),
});
export type Company = z.infer<typeof Company>;

export const SessionUser = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  status: UserStatus,
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  rights: z.array(z.string()),
  companies: z.array(Company),
  job_position: z.number().nullable(),
  job_position_name: z.string(),
  department: z.number().nullable(),
  division: z.number().nullable(),
  company_departments: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionResponse = z.object({ user: SessionUser, company: Company });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const CsrfResponse = z.object({ csrftoken: z.string() });
export type CsrfResponse = z.infer<typeof CsrfResponse>;

export const Permission = z.object({ codename: z.string(), name: z.string() });
export const PermissionsResponse = z.object({ results: z.array(Permission) });
export type Permission = z.infer<typeof Permission>;
