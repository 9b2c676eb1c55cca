import type { AuditLogPage } from '@atrium/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** Every page of every person's history; a profile save makes them stale. */
export const AUDIT = ['audit'] as const;

/** A page of a person's history (GET /api/audit/?user_id=&page=), newest first, 20 entries a page; HR only. */
export const auditQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: [...AUDIT, userId, page],
    queryFn: () => {
      const query = new URLSearchParams({ user_id: String(userId), page: String(page) });
      return http.get<AuditLogPage>(`/api/audit/?${query}`);
    },
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
