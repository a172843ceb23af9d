/** /miperfil with nested misdirecciones (saved addresses) and datos (personal data). */
import { NavLink, Navigate, Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { useSignOut } from '../../../shared/api/sign-out';
import { addressesQuery } from '../../shared/api/get-addresses';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { useDeleteAddress } from './api/delete-address';

export function ProfileLayout() {
  const { t } = useTranslation('account');
  const customer = useCurrentUser('storefront');
  const signOut = useSignOut('storefront');
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

export function PersonalDataPage() {
  const { t } = useTranslation('account');
  const { data: user } = useCurrentUser('storefront');
  if (!user) return null;
  return (
    <section className="card">
      {/* minmax(0, 1fr) and anywhere-wrapping: a long email breaks instead of widening a 360 px page. */}
      <dl
        className="spec-table"
        style={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          gap: '.5rem 1rem',
          overflowWrap: 'anywhere',
        }}
      >
        <dt>{t('fields.fullName')}</dt>
        <dd>{user.fullName}</dd>
        <dt>{t('fields.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('fields.phone')}</dt>
        <dd>{user.phone ?? '—'}</dd>
      </dl>
    </section>
  );
}

export function AddressesPage() {
  const { t } = useTranslation('account');
  const list = useQuery(addressesQuery());
  const remove = useDeleteAddress();
  if (list.isPending) return <Loading />;
  if (!list.data?.length)
    return (
      <EmptyState title={t('profile.noAddresses')}>
        <p>{t('profile.noAddressesText')}</p>
      </EmptyState>
    );
  return (
    <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
      {list.data.map((a) => (
        <li key={a.id} className="card row">
          <div style={{ flex: 1 }}>
            <strong>{a.fullName}</strong>
            <div className="small">
              {a.street} {a.exteriorNumber}, {a.neighborhood}, {a.postalCode} {a.municipality}, {a.state}
            </div>
            <div className="small muted">{a.phone}</div>
          </div>
          <Button
            variant="secondary"
            busy={remove.isPending && remove.variables === a.id}
            onClick={() => remove.mutate(a.id)}
          >
            {t('profile.delete')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
