/**
 * /admin/tiendas: a person who runs several stores picks the one to work on after signing in, or switches
 * from the admin header. The choice sets the session's store on the server.
 */
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { useChooseStore, useSellerMe } from '../../shared/seller-me';

export function StorePickerPage() {
  const { t } = useTranslation('identity');
  const me = useSellerMe();
  const choose = useChooseStore();
  const navigate = useNavigate();
  if (me.isPending) return <Loading />;
  if (!me.data) return <Navigate to={adminPaths.login()} replace />;
  const stores = me.data.stores;
  return (
    <main className="admin-login">
      <section className="card stack" aria-labelledby="picker-title">
        <h1 id="picker-title">{t('picker.title')}</h1>
        <p className="muted">{t('picker.text', { name: me.data.user.fullName })}</p>
        {choose.error && <Alert kind="error">{choose.error.message}</Alert>}
        {stores.length === 0 ? (
          <Alert kind="info">{t('picker.none')}</Alert>
        ) : (
          <ul className="stack picker-list">
            {stores.map((s) => (
              <li key={s.id}>
                <Button
                  variant={s.id === me.data?.store?.id ? 'primary' : 'secondary'}
                  block
                  busy={choose.isPending && choose.variables === s.id}
                  onClick={() => choose.mutate(s.id, { onSuccess: () => navigate(adminPaths.home()) })}
                >
                  <span className="picker-name">{s.name}</span>
                  <span className="small">
                    {t(`roles.${s.role}`)}
                    {s.hostname ? ` · ${s.hostname}` : ''}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
