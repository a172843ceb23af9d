/** Root of every page: scroll to top on navigation, "Loading..." while a route loads, SPA redirects for the API client. */
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setApiNavigate, setApiSignedOut } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { Loading } from '../components/ui/loading';

export function RootLayout() {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setApiNavigate((to) => navigate(to));
  }, [navigate]);
  useEffect(() => {
    setApiSignedOut((area) => queryClient.setQueryData(queryKeys.currentUser(area), null));
  }, [queryClient]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return navigation.state === 'loading' ? <Loading /> : <Outlet />;
}
