/**
 * /miperfil with nested misdirecciones (the address book, address-book.tsx) and datos (personal data, email, password,
 * this browser's activity, deleting the account: personal-data.tsx). The email-change link opens here signed in or not.
 */
import { NavLink, Navigate, Outlet, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { useSignOut } from '../../../shared/api/sign-out';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { EmailChangeConfirm } from './personal-data';

export function ProfileLayout() {
  const { t } = useTranslation('account');
  const customer = useCurrentUser('storefront');
  const signOut = useSignOut('storefront');
  const [params] = useSearchParams();
  const emailToken = params.get('correo');
  if (emailToken) return <EmailChangeConfirm token={emailToken} />;
  if (customer.isPending) return <Loading />;
  if (!customer.data) return <Navigate to={paths.login(paths.profile())} replace />;
  return (
    <div className="container page stack">
      <h1>{t('profile.title')}</h1>
      <nav className="row" aria-label={t('profile.title')}>
        <NavLink className="btn btn-secondary" to={paths.orders()}>
          {t('profile.orders')}
        </NavLink>
        <NavLink className="btn btn-secondary" to={paths.myQuotes()}>
          {t('profile.quotes')}
        </NavLink>
        <NavLink className="btn btn-secondary" to="/reviews">
          {t('profile.reviews')}
        </NavLink>
        <NavLink className="btn btn-secondary" to={paths.addresses()}>
          {t('profile.addresses')}
        </NavLink>
        <NavLink className="btn btn-secondary" to={paths.personalData()}>
          {t('profile.data')}
        </NavLink>
        <Button variant="ghost" onClick={() => signOut.mutate()}>
          {t('profile.signOut')}
        </Button>
      </nav>
      <Outlet />
    </div>
  );
}

export { PersonalDataPage } from './personal-data';
export { AddressesPage } from './address-book';
