import type { AbsenceCountKind, AbsenceRequestBody, CreatedRequest, DayCount } from '@atrium/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** How a known (non-factory) template's request is filed and counted. */
export type AbsenceForm = {
  /** The kind its days are counted as (GET /api/absences/count-days/?kind=). */
  kind: AbsenceCountKind;
  /** Where the request is filed. */
  path: string;
  /**
   * vacation: the balance caps an editable day count (spec §2 "Vacation approval request form");
   * per-person: the selected and available days are shown; none: the selected days only.
   */
  balance: 'vacation' | 'per-person' | 'none';
};

const sickLeave = (template: string): AbsenceForm => ({
  kind: 'sick_leave',
  path: `/api/absences/sick-leave/?template=${template}`,
  balance: 'per-person',
});

/** The six templates the spec knows by key (spec §1), each with its own form. */
const ABSENCE_FORMS: Record<string, AbsenceForm> = {
  vacation_approval: {
    kind: 'vacation',
    path: '/api/absences/vacation/',
    balance: 'vacation',
  },
  leave_at_own_expense_approval: {
    kind: 'own_expense',
    path: '/api/absences/own-expense/',
    balance: 'none',
  },
  business_trip_approval: {
    kind: 'business_trip',
    path: '/api/absences/business-trip/',
    balance: 'none',
  },
  official_sick_leave_approval: sickLeave('official_sick_leave_approval'),
  internal_hospital_staff: sickLeave('internal_hospital_staff'),
  internal_hospital_gph: sickLeave('internal_hospital_gph'),
};

/** The absence form of a template key, or null for a template filed through the factory form. */
export const absenceFormOf = (templateKey: string): AbsenceForm | null =>
  Object.hasOwn(ABSENCE_FORMS, templateKey) ? (ABSENCE_FORMS[templateKey] ?? null) : null;

const ABSENCES = ['absences'] as const;

/** The days a period counts as (spec §3 "Day counter"): a vacation skips the company's holidays. */
export const dayCountQueryOptions = (kind: AbsenceCountKind, fromDate: string, toDate: string) =>
  queryOptions({
    queryKey: [...ABSENCES, 'count-days', kind, fromDate, toDate],
    queryFn: () => {
      const query = new URLSearchParams({ from_date: fromDate, to_date: toDate, kind });
      return http.get<DayCount>(`/api/absences/count-days/?${query}`);
    },
  });

/** The caller's days available at `date` (received − used − held by pending requests). */
export const availableDaysQueryOptions = (kind: AbsenceCountKind, date: string) =>
  queryOptions({
    queryKey: [...ABSENCES, 'available', kind, date],
    queryFn: () => {
      const query = new URLSearchParams({ date, kind });
      return http.get<DayCount>(`/api/absences/available/?${query}`);
    },
  });

/**
 * Files an absence request. Once taken, the task lists and every count and balance are refreshed: the
 * new request holds its days (spec §3: pending requests count against the balance).
 */
export function useCreateAbsence(form: AbsenceForm) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AbsenceRequestBody) => http.post<CreatedRequest>(form.path, body),
    onSuccess: () => {
      // 'user_vars' are the balances the profile's Events tab shows (a key, not an import: features stay apart).
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] === ABSENCES[0] ||
          queryKey[0] === 'user_vars' ||
          (queryKey[0] === 'tasks' && queryKey[1] !== 'templates'),
      });
    },
  });
}
