import { type UserVarsPage, VACATION_LOG_PAGE_SIZE, type VacationLogPage } from '@atrium/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** Balances and their log; a filed or decided absence refreshes every query under this key. */
const USER_VARS = ['user_vars'] as const;

/** A person's balance variables (GET /api/user_vars/values/?user=): days remaining (diff) and used (add). */
export const userVarsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...USER_VARS, userId, 'values'],
    queryFn: () => http.get<UserVarsPage>(`/api/user_vars/values/?user=${userId}`),
  });

/** A person's vacation log, newest first as the server orders it, 50 entries a page (spec §9). */
export const vacationLogQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: [...USER_VARS, userId, 'history', 'vacation'],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({
        page: String(pageParam),
        page_size: String(VACATION_LOG_PAGE_SIZE),
        user_var_type: 'vacation',
      });
      return http.get<VacationLogPage>(`/api/user_vars/${userId}/history/?${query}`);
    },
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageNumber) => (lastPage.next ? lastPageNumber + 1 : undefined),
  });
