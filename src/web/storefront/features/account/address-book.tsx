/**
 * /miperfil/misdirecciones: the buyer's address book. Add and edit with the checkout's address form (the SEPOMEX
 * postal-code fill), mark one as the default (offered first at checkout), delete; the server bounds the list.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addressesQuery } from '../../shared/api/get-addresses';
import { AddressForm } from '../../shared/address-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { MAX_ADDRESSES_PER_BUYER } from '../../../../shared/limits';
import type { Address } from '../../../../shared/contracts/accounts';
import { useDeleteAddress } from './api/delete-address';
import { useSaveAddress, useSetDefaultAddress } from './api/save-address';

/** The address book page. */
export function AddressesPage() {
  const { t } = useTranslation('account');
  const list = useQuery(addressesQuery());
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  const save = useSaveAddress();
  // null: no form; 'new': adding; an id: editing that address.
  const [editing, setEditing] = useState<string | null>(null);
  if (list.isPending) return <Loading />;
  const addresses = list.data ?? [];
  const full = addresses.length >= MAX_ADDRESSES_PER_BUYER;
  const current = addresses.find((a) => a.id === editing);
  const form = editing && (
    <section className="card stack" aria-labelledby="address-form-title">
      <h2 id="address-form-title">{current ? t('addressBook.editTitle') : t('addressBook.newTitle')}</h2>
      {save.error && <Alert kind="error">{save.error.message}</Alert>}
      <AddressForm
        key={editing}
        initial={current ? toInitial(current) : null}
        guest={false}
        busy={save.isPending}
        submitLabel={t('addressBook.save')}
        onSubmit={(body) => save.mutate({ id: current?.id, body }, { onSuccess: () => setEditing(null) })}
      >
        <Button variant="ghost" onClick={() => (save.reset(), setEditing(null))}>
          {t('addressBook.cancel')}
        </Button>
      </AddressForm>
    </section>
  );
  return (
    <div className="stack">
      {(remove.error || makeDefault.error) && (
        <Alert kind="error">{(remove.error ?? makeDefault.error)!.message}</Alert>
      )}
      {addresses.length === 0 && editing !== 'new' && (
        <EmptyState title={t('profile.noAddresses')}>
          <p>{t('profile.noAddressesText')}</p>
        </EmptyState>
      )}
      {addresses.length > 0 && (
        <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('profile.addresses')}>
          {addresses.map((a) => (
            <li key={a.id} className="card stack">
              <div>
                <strong>{a.fullName}</strong>{' '}
                {a.isDefault && <span className="badge badge-delivered">{t('addressBook.default')}</span>}
                <div className="small">
                  {a.street} {a.exteriorNumber}
                  {a.interiorNumber ? ` int. ${a.interiorNumber}` : ''}, {a.neighborhood}, {a.postalCode}{' '}
                  {a.municipality}, {a.state}
                </div>
                <div className="small muted">{a.phone}</div>
              </div>
              <div className="row" style={{ flexWrap: 'wrap' }}>
                <Button variant="secondary" onClick={() => (save.reset(), setEditing(a.id))}>
                  {t('addressBook.edit')}
                  <span className="visually-hidden"> {a.street}</span>
                </Button>
                {!a.isDefault && (
                  <Button
                    variant="secondary"
                    busy={makeDefault.isPending && makeDefault.variables === a.id}
                    onClick={() => makeDefault.mutate(a.id)}
                  >
                    {t('addressBook.makeDefault')}
                    <span className="visually-hidden"> {a.street}</span>
                  </Button>
                )}
                <Button
                  variant="ghost"
                  busy={remove.isPending && remove.variables === a.id}
                  onClick={() => remove.mutate(a.id)}
                >
                  {t('profile.delete')}
                  <span className="visually-hidden"> {a.street}</span>
                </Button>
              </div>
              {editing === a.id && form}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        form
      ) : (
        <div>
          <Button onClick={() => (save.reset(), setEditing('new'))} disabled={full}>
            {t('addressBook.add')}
          </Button>
          {full && <p className="small muted">{t('addressBook.full', { max: MAX_ADDRESSES_PER_BUYER })}</p>}
        </div>
      )}
    </div>
  );
}

/** A saved address as the form's starting values (the form works with undefined, not null, for empty optionals). */
function toInitial(a: Address) {
  return {
    ...a,
    interiorNumber: a.interiorNumber ?? '',
    city: a.city ?? '',
    deliveryInstructions: a.deliveryInstructions ?? '',
  };
}
