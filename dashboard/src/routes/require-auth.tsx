import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '@tremor/react';
import { FullPageMessage, LoadingState } from '../components/full-page-status';
import { useAuth } from '../features/platform/auth/auth-context';

/** Renders its child routes for a signed-in user; anyone else goes to /login and comes back after. */
export function RequireAuth() {
  const { state, retry } = useAuth();
  const location = useLocation();

  switch (state.status) {
    case 'checking':
      return <LoadingState label="Restoring your session…" fullPage />;
    case 'unavailable':
      return (
        <FullPageMessage title="Meridian is not reachable">
          <p data-testid="session-check-error">{state.error.message}</p>
          <Button className="mt-4" variant="secondary" onClick={retry}>
            Try again
          </Button>
        </FullPageMessage>
      );
    case 'signed-out':
      return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
    case 'signed-in':
      return <Outlet />;
  }
}
