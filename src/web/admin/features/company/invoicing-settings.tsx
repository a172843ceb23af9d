/**
 * Mis datos → Facturación (decision 154): the store connects its Facturapi account (the secret key is sent once and
 * never shown again, only its last 4 characters) and sets the SAT keys of its products and of shipping (decision 155).
 * Without an account its buyers read "Factura no disponible en esta tienda".
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { invoicingSettingsQuery, useDisconnectInvoicing, useSaveInvoicing } from './api/invoicing';

const KEY = /^sk_(test|live)_[A-Za-z0-9_-]{8,200}$/;

export function InvoicingSettings() {
  const { t } = useTranslation('invoices');
  const q = useQuery(invoicingSettingsQuery);
  const save = useSaveInvoicing();
  const disconnect = useDisconnectInvoicing();
  const [apiKey, setApiKey] = useState('');
  const [keys, setKeys] = useState({ productKey: '01010101', unitKey: 'H87', shippingProductKey: '78102203' });
  const [tried, setTried] = useState(false);
  const s = q.data;
  useEffect(() => {
    if (s) setKeys({ productKey: s.productKey, unitKey: s.unitKey, shippingProductKey: s.shippingProductKey });
  }, [s]);
  if (!s) return null;
  const errors = {
    apiKey: (apiKey ? !KEY.test(apiKey.trim()) : !s.connected) ? t('settings.invalidKey') : undefined,
    productKey: /^\d{8}$/.test(keys.productKey) ? undefined : t('settings.invalidProductKey'),
    unitKey: /^[A-Z0-9]{2,3}$/.test(keys.unitKey) ? undefined : t('settings.invalidUnitKey'),
    shippingProductKey: /^\d{8}$/.test(keys.shippingProductKey) ? undefined : t('settings.invalidProductKey'),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.values(errors).some(Boolean)) return;
    save.mutate({ ...keys, ...(apiKey ? { apiKey: apiKey.trim() } : {}) }, { onSuccess: () => setApiKey('') });
  };
  const shown = (k: keyof typeof errors) => (tried ? errors[k] : undefined);
  return (
    <section className="card stack" aria-labelledby="invoicing-title" id="facturacion">
      <h2 id="invoicing-title">{t('settings.title')}</h2>
      <p className="muted">{t('settings.intro')}</p>
      {s.connected ? (
        <Alert kind="success">
          {t('settings.connected', {
            last4: s.keyLast4,
            mode: t(s.livemode ? 'settings.modeLive' : 'settings.modeTest'),
          })}
        </Alert>
      ) : (
        <Alert kind="info">{t('settings.notConnected')}</Alert>
      )}
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t('settings.apiKey')}
          hint={s.connected ? t('settings.apiKeyKeep', { last4: s.keyLast4 }) : t('settings.apiKeyHint')}
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          error={shown('apiKey')}
          markRequired={!s.connected}
        />
        <TextField
          label={t('settings.productKey')}
          hint={t('settings.productKeyHint')}
          inputMode="numeric"
          value={keys.productKey}
          onChange={(e) => setKeys({ ...keys, productKey: e.target.value.trim() })}
          error={shown('productKey')}
        />
        <TextField
          label={t('settings.unitKey')}
          hint={t('settings.unitKeyHint')}
          value={keys.unitKey}
          onChange={(e) => setKeys({ ...keys, unitKey: e.target.value.trim().toUpperCase() })}
          error={shown('unitKey')}
        />
        <TextField
          label={t('settings.shippingProductKey')}
          hint={t('settings.shippingProductKeyHint')}
          inputMode="numeric"
          value={keys.shippingProductKey}
          onChange={(e) => setKeys({ ...keys, shippingProductKey: e.target.value.trim() })}
          error={shown('shippingProductKey')}
        />
        {save.error && <Alert kind="error">{save.error.message}</Alert>}
        {save.isSuccess && <Alert kind="success">{t('settings.saved')}</Alert>}
        {disconnect.isSuccess && !s.connected && <Alert kind="info">{t('settings.disconnected')}</Alert>}
        <div className="row">
          <Button type="submit" busy={save.isPending}>
            {t('settings.save')}
          </Button>
          {s.connected && (
            <Button variant="danger" busy={disconnect.isPending} onClick={() => disconnect.mutate()}>
              {t('settings.disconnect')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
