/** Root of every page: scroll to top on navigation, "Loading..." while a route loads, SPA redirects for the API client. */
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { setApiNavigate } from '../lib/api-client';
import { Loading } from '../components/ui/loading';

export function RootLayout() {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  useEffect(() => { setApiNavigate((to) => navigate(to)); }, [navigate]);
  useEffect(() => { window.scrollTo(0, 0); }, [pathname, search]);
  return navigation.state === 'loading' ? <Loading /> : <Outlet />;
}
