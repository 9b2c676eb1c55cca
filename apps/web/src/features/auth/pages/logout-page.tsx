import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../ui/page-loader';
import { useLogout } from '../api';

/** /logout: ends the session, forgets all stored state and goes to the login page. */
export function LogoutPage() {
  const logout = useLogout();
  const navigate = useNavigate();

  useEffect(() => {
    logout().then(() => navigate('/login', { replace: true }));
  }, [logout, navigate]);

  return <PageLoader label="Logging out" />;
}
