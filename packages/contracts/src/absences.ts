import { z } from 'zod';
import { requiredId } from './managers';

/** Kinds of absence a day count or a balance is asked for. */
export const ABSENCE_COUNT_KINDS = ['vacation', 'sick_leave', 'own_expense', 'business_trip'] as const;
export type AbsenceCountKind = (typeof ABSENCE_COUNT_KINDS)[number];

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-mm-dd)`)
    .refine((text) => {
      const day = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
    }, `${label} is not a real day`);

/** GET /api/absences/count-days/ */
export const CountDaysQuery = z.object({
  /** Whose days (the caller's by default). */
  user_id: requiredId('user_id').optional(),
  from_date: isoDate('from_date'),
  to_date: isoDate('to_date'),
  kind: z
    .enum(ABSENCE_COUNT_KINDS, { error: 'kind must be vacation, sick_leave, own_expense or business_trip' })
    .default('vacation'),
});
export type CountDaysQuery = z.input<typeof CountDaysQuery>;

/** Spec §3 "Day counter". */
export const DayCount = z.object({ count_days: z.number() });
export type DayCount = z.infer<typeof DayCount>;

/** GET /api/absences/available/ */
export const AvailableQuery = z.object({
  user_id: requiredId('user_id').optional(),
  /** The day the balance is taken at (today by default). */
  date: isoDate('date').optional(),
  kind: z
    .enum(ABSENCE_COUNT_KINDS, { error: 'kind must be vacation, sick_leave, own_expense or business_trip' })
    .default('vacation'),
});
export type AvailableQuery = z.input<typeof AvailableQuery>;

/** POST /api/absences/vacation/ (and the sick-leave, own-expense and business-trip requests). */
export const AbsenceRequestBody = z
  .object({
    from_date: isoDate('from_date'),
    to_date: isoDate('to_date'),
    /** Extra form values of the template (a trip's destination and purpose, a reason). */
    inputParams: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type AbsenceRequestBody = z.input<typeof AbsenceRequestBody>;

/** Spec §3 "Vacation balance variable": diff = days remaining, add = days used. */
export const BalanceVariable = z.object({
  id: z.number(),
  name: z.string(),
  value: z.number(),
  unit: z.literal('day'),
  type: z.enum(['diff', 'add']),
  user_var_type: z.string(),
  task_template: z.string().nullable(),
  active: z.boolean(),
  /** Days received in all (the year's allowance earned so far and grants). */
  total: z.number(),
});
export type BalanceVariable = z.infer<typeof BalanceVariable>;

export const UserVarsQuery = z.object({
  user: requiredId('user').optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().positive().default(1),
});
export const UserVarsPage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  results: z.array(BalanceVariable),
});
export type UserVarsPage = z.infer<typeof UserVarsPage>;

/** Spec §3 "Vacation log entry". */
export const VacationLogEntry = z.object({
  id: z.number(),
  type: z.enum(['plus', 'minus']),
  value: z.number(),
  count_days: z.number(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  show_at: z.string(),
  created_at: z.string(),
  /** What the entry is, for the Type / Event column ('Monthly accrual', 'Vacation' …). */
  event: z.string(),
});
export type VacationLogEntry = z.infer<typeof VacationLogEntry>;

export const HistoryQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().positive().default(1),
  page_size: z.coerce.number({ error: 'page_size must be a number' }).int().min(1).max(100).default(50),
  user_var_type: z.string().max(50).default('vacation'),
});
export const VacationLogPage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  results: z.array(VacationLogEntry),
});
export type VacationLogPage = z.infer<typeof VacationLogPage>;
