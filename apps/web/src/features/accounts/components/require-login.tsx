import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { clearLoginWithoutSession, isLoggedIn, useAuthStore } from '../../../stores/auth-store.ts';
import { loginRedirectState } from '../login-redirect.ts';

/**
 * Spec §2: the routes behind login need a user with a full name and a session cookie; otherwise the
 * history entry is replaced by /login/, which brings the person back here after logging in.
 */
export function RequireLogin() {
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  const allowed = isLoggedIn(user);
  // A session that ended meanwhile (its cookie expired) also ends the login state the header shows.
  useEffect(() => {
    if (!allowed) clearLoginWithoutSession();
  }, [allowed]);
  if (!allowed) return <Navigate to={paths.login} replace state={loginRedirectState(location)} />;
  return <Outlet />;
}
