/** /micarrito/direccion: pick a saved address or enter one; signed-in customers' new addresses are saved. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { useShop } from '../../../state/shop-store';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { addressesQuery } from '../../shared/api/get-addresses';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { CheckoutSteps } from '../../components/checkout-steps';
import { AddressForm, type AddressFormValue } from '../../shared/address-form';
import { useSaveAddress } from './api/save-address';
import type { Address } from '../../../../shared/contracts/accounts';

export function AddressPage() {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const customer = useCurrentUser('storefront');
  const { address, setAddress, setShipping, cart } = useShop();
  const signedIn = Boolean(customer.data);
  const saved = useQuery(addressesQuery(signedIn));
  const [adding, setAdding] = useState(false);
  const save = useSaveAddress();
  const choose = (a: Address | AddressFormValue) => {
    setAddress({
      ...a,
      interiorNumber: a.interiorNumber ?? undefined,
      city: a.city ?? undefined,
      deliveryInstructions: a.deliveryInstructions ?? undefined,
    } as never);
    setShipping(null);
    navigate(paths.checkoutShipping());
  };

  if (!cart.length)
    return (
      <div className="container page">
        <Alert kind="info">
          {t('cart.emptyTitle')} <Link to={paths.home()}>{t('cart.keepShopping')}</Link>
        </Alert>
      </div>
    );
  if (customer.isPending) return <Loading />;
  const list = saved.data ?? [];
  const showForm = !signedIn || adding || (saved.isSuccess && list.length === 0);
  return (
    <div className="container page">
      <CheckoutSteps current="address" />
      <h1>{t('address.title')}</h1>
      {!signedIn && (
        <Alert kind="info">
          {t('address.guestNote')} <Link to={paths.login(paths.checkoutAddress())}>{t('address.signIn')}</Link>
        </Alert>
      )}
      {signedIn && list.length > 0 && !adding && (
        <section className="card stack" aria-labelledby="saved-addresses">
          <h2 id="saved-addresses">{t('address.saved')}</h2>
          {list.map((a) => (
            <div key={a.id} className="radio-card">
              <div style={{ flex: 1 }}>
                <strong>{a.fullName}</strong>
                <div className="small">
                  {a.street} {a.exteriorNumber}
                  {a.interiorNumber ? ` int. ${a.interiorNumber}` : ''}, {a.neighborhood}, {a.postalCode}{' '}
                  {a.municipality}, {a.state}
                </div>
                <div className="small muted">{a.phone}</div>
              </div>
              <Button variant={address?.id === a.id ? 'primary' : 'secondary'} onClick={() => choose(a)}>
                {t('address.useThis')}
              </Button>
            </div>
          ))}
          <Button variant="ghost" onClick={() => setAdding(true)}>
            {t('address.addNew')}
          </Button>
        </section>
      )}
      {showForm && (
        <section className="card" aria-labelledby="new-address">
          <h2 id="new-address">{signedIn ? t('address.newTitle') : t('address.deliverTo')}</h2>
          {save.error && <Alert kind="error">{save.error.message}</Alert>}
          <AddressForm
            initial={address?.id ? null : address}
            guest={!signedIn}
            busy={save.isPending}
            onSubmit={(v) =>
              signedIn
                ? save.mutate(v, {
                    onSuccess: choose,
                    // A full address book does not stop the purchase: the address is used without saving it.
                    onError: (e) => {
                      if (e instanceof ApiError && e.code === 'ADDRESS_LIMIT_REACHED') choose(v);
                    },
                  })
                : choose(v)
            }
          />
        </section>
      )}
    </div>
  );
}
