/**
 * Stripe Elements' card field (issue 8; decision 056), used when the store's payment provider is Stripe: Stripe.js is
 * loaded from js.stripe.com only then (`@stripe/stripe-js` injects the script on first use), the card is typed into
 * Stripe's own iframe, and `confirm` calls `confirmCardPayment` with the client secret the server answered, so the
 * card goes from the browser to Stripe and never to our server. Stripe.js shows the bank's 3-D Secure itself.
 */
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
// The pure entry injects Stripe.js only when loadStripe is called (the main entry would load it on import).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import i18n from '../../../lib/i18n';
import { Alert } from '../../../components/ui/alert';
import esPayments from '../../../../locales/es/payments.json';
import enPayments from '../../../../locales/en/payments.json';

i18n.addResourceBundle('es', 'payments', esPayments, true, false);
i18n.addResourceBundle('en', 'payments', enPayments, true, false);

export interface StripeCardHandle {
  /** Confirms the PaymentIntent with the typed card; resolves with Stripe's status (3-D Secure already answered). */
  confirm(
    clientSecret: string,
    holderName: string,
  ): Promise<{ status: string; errorCode: string | null; message: string | null }>;
}

export function StripeCardField({
  publishableKey,
  locale,
  ref,
}: {
  publishableKey: string;
  locale: 'es' | 'en';
  ref: Ref<StripeCardHandle>;
}) {
  const { t } = useTranslation('payments');
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey, { locale })
      .then((s) => {
        if (cancelled || !s || !host.current) return;
        stripe.current = s;
        card.current = s.elements({ locale }).create('card', { hidePostalCode: true });
        card.current.mount(host.current);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      card.current?.destroy();
      card.current = null;
    };
  }, [publishableKey, locale]);

  useImperativeHandle(ref, () => ({
    async confirm(clientSecret, holderName) {
      if (!stripe.current || !card.current)
        return { status: 'requires_payment_method', errorCode: 'not_loaded', message: t('stripe.loadFailed') };
      const r = await stripe.current.confirmCardPayment(clientSecret, {
        payment_method: { card: card.current, billing_details: { name: holderName } },
      });
      return {
        status: r.paymentIntent?.status ?? 'requires_payment_method',
        errorCode: r.error?.decline_code ?? r.error?.code ?? null,
        message: r.error?.message ?? null,
      };
    },
  }));

  return (
    <div className="full stack">
      <span className="label">{t('stripe.cardLabel')}</span>
      <div ref={host} className="input" data-testid="stripe-card" />
      <p className="small muted">{t('stripe.secure')}</p>
      {failed && <Alert kind="error">{t('stripe.loadFailed')}</Alert>}
    </div>
  );
}
