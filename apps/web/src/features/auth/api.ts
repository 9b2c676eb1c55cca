import type {
  CheckCodeBody,
  CheckCodeResponse,
  OkBody,
  RequestCodeBody,
  RequestCodeResponse,
  SessionResponse,
  SwitchCompanyBody,
} from '@atrium/contracts';
import { hashKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, http } from '../../lib/http';
import { clearSearchHistory } from '../../lib/search-history';
import { clearStoredState, readStored, removeStored, writeStored } from '../../lib/storage';

const SESSION_STORAGE_KEY = 'session';
/** The fingerprint of SessionResponse this build was made with (session-shape.ts). */
declare const __SESSION_SHAPE__: string;

/** The session kept from the last visit, unless a build with another shape of session kept it. */
export const keptSession = () => readStored<SessionResponse>(SESSION_STORAGE_KEY, __SESSION_SHAPE__);

/** Keeps the session for the next visit, which shows it at once while it is refreshed. */
export const keepSession = (session: SessionResponse) =>
  writeStored(SESSION_STORAGE_KEY, session, __SESSION_SHAPE__);

/** The session user and company, or null when nobody is signed in. */
export async function fetchSession(): Promise<SessionResponse | null> {
  try {
    return await http.get<SessionResponse>('/api/auth/session/');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'session'],
    queryFn: async () => {
      const session = await fetchSession();
      if (session) keepSession(session);
      else removeStored(SESSION_STORAGE_KEY);
      return session;
    },
    // The copy kept from the last visit shows the app at once; dated at 0 so it is refreshed right away.
    initialData: keptSession,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });

export const useSession = () => useQuery(sessionQueryOptions());

export const requestCode = (body: RequestCodeBody) =>
  http.post<RequestCodeResponse>('/api/auth/request-code/', body);

export const useRequestCode = () => useMutation({ mutationFn: requestCode });

export const checkCode = (body: CheckCodeBody) => http.post<CheckCodeResponse>('/api/auth/check-code/', body);

/** Logs in with the code, then loads the new session, so the app is ready when the caller navigates. */
export function useCheckCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CheckCodeBody) => {
      await checkCode(body);
      return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    },
  });
}

export const logout = () => http.post<OkBody>('/api/auth/logout/');

/** Ends the session on the server and forgets everything the app cached or stored for this user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // Spec: a failed logout call is only logged; the local session ends either way.
    await logout().catch((error: unknown) => console.warn('Logout request failed', error));
    clearStoredState();
    clearSearchHistory();
    queryClient.clear();
    queryClient.setQueryData(sessionQueryOptions().queryKey, null);
  }, [queryClient]);
}

export const switchCompany = (body: SwitchCompanyBody) =>
  http.post<SessionResponse>('/api/auth/switch-company/', body);

/**
 * Makes another of the user's companies the current one. The answer is the new session; everything else
 * cached belongs to the old company, so it is marked stale and the lists on screen load again.
 */
export function useSwitchCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchCompany,
    onSuccess: (session) => {
      const { queryKey } = sessionQueryOptions();
      keepSession(session);
      queryClient.setQueryData(queryKey, session);
      const sessionHash = hashKey(queryKey);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== sessionHash });
    },
  });
}
