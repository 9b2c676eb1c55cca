import type { SessionResponse } from '@atrium/contracts';
import { createContext, use, useDeferredValue } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../features/auth/api';
import { useLiveStream } from '../lib/live-events';
import { PageLoader } from '../ui/page-loader';

const SessionContext = createContext<SessionResponse | null>(null);

/** The signed-in user and company, for screens under RequireSession. */
export function useCurrentSession(): SessionResponse {
  const session = use(SessionContext);
  if (!session) throw new Error('useCurrentSession is used outside RequireSession');
  return session;
}

/**
 * The auth boundary: every route under it needs a session (all but /login, /logout and /test). The user
 * kept from the last visit shows at once while the session is refreshed; a 401 clears it and sends the
 * browser to /login, and any other failure of the refresh is silent.
 */
export function RequireSession() {
  const { data, isPending } = useSession();
  useLiveStream(Boolean(data));
  // When the session arrives, the whole app mounts under it (shell, page, widgets): as a deferred render,
  // which React does in slices between which the browser stays responsive, instead of one long task.
  const session = useDeferredValue(data);
  if (session) {
    return (
      <SessionContext value={session}>
        <Outlet />
      </SessionContext>
    );
  }
  if (isPending || data) return <PageLoader label="Loading your session" />;
  return <Navigate to="/login" replace />;
}
