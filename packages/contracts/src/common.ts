import { z } from 'zod';

/** The one error body of the API for anything but form errors. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Form errors: each field named with its messages, first one shown. */
export const MissingFieldsBody = z.object({ missing_fields: z.record(z.string(), z.array(z.string())) });
export type MissingFieldsBody = z.infer<typeof MissingFieldsBody>;

export const OkBody = z.object({ ok: z.literal(true) });
export type OkBody = z.infer<typeof OkBody>;

/** Status codes of the spec: 1 Online, 2 Offline, 3 Illness, 4 Vacation. */
export const UserStatus = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type UserStatus = z.infer<typeof UserStatus>;

export const GROUP_HR = 1;
export const GROUP_USER = 2;
