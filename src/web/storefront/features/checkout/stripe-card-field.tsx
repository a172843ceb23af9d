/**
 * Stripe Elements' card field (decisions 056, 074), used when the store's payment provider is Stripe: Stripe.js
 * is loaded from js.stripe.com only then (`@stripe/stripe-js/pure` injects the script on the first `loadStripe`, and
 * this file is part of the lazily loaded payment page only), in the shopper's language (`es` or `en`). The
 * card is typed into Stripe's own frame, labelled by "Card details" with Stripe's own (translated) error text under
 * it, and `confirm` calls `confirmCardPayment` with the client secret the server answered, so the card goes from the
 * browser to Stripe and never to our server. Stripe.js shows the bank's 3-D Secure itself and resolves once answered.
 */
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
// The pure entry injects Stripe.js only when loadStripe is called (the main entry would load it on import).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElement, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import i18n from '../../../lib/i18n';
import { Alert } from '../../../components/ui/alert';
import esPayments from '../../../../locales/es/payments.json';
import enPayments from '../../../../locales/en/payments.json';

i18n.addResourceBundle('es', 'payments', esPayments, true, false);
i18n.addResourceBundle('en', 'payments', enPayments, true, false);

/** How a confirmation with Stripe ended, as Stripe.js told the browser. */
export interface StripeConfirmResult {
  /** The PaymentIntent's status (`succeeded`, `requires_payment_method` after a decline or failed 3-D Secure, ...). */
  status: string;
  /** Stripe's error type: `card_error` (declined), `invalid_request_error` (3-D Secure failed), `validation_error`... */
  errorType: string | null;
  errorCode: string | null;
  /** Stripe's message, in the shopper's language. */
  message: string | null;
  /** Whether the intent itself was attempted (a decline, a failed 3-D Secure) rather than refused before charging. */
  attempted: boolean;
}

export interface StripeCardHandle {
  /**
   * Whether the card is ready to pay with; when not, shows why under the field, moves focus to it and returns false.
   * Checked before the order is placed, so an incomplete card never creates an order.
   */
  checkComplete(): boolean;
  /** Confirms the PaymentIntent with the typed card (3-D Secure already answered when this resolves). */
  confirm(clientSecret: string, holderName: string): Promise<StripeConfirmResult>;
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
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const complete = useRef(false);
  const [failed, setFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey, { locale })
      .then((s) => {
        if (cancelled || !s || !host.current) return;
        stripe.current = s;
        const element = s.elements({ locale }).create('card', { hidePostalCode: true });
        element.on('change', (e: StripeCardElementChangeEvent) => {
          complete.current = e.complete;
          setError(e.error?.message ?? null);
        });
        element.mount(host.current);
        card.current = element;
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      card.current?.destroy();
      card.current = null;
      complete.current = false;
    };
  }, [publishableKey, locale]);

  useImperativeHandle(ref, () => ({
    checkComplete() {
      if (card.current && complete.current) return true;
      setError((shown) => shown ?? t(card.current ? 'stripe.incomplete' : 'stripe.loadFailed'));
      card.current?.focus();
      return false;
    },
    async confirm(clientSecret, holderName) {
      if (!stripe.current || !card.current)
        return {
          status: 'requires_payment_method',
          errorType: 'not_loaded',
          errorCode: null,
          message: t('stripe.loadFailed'),
          attempted: false,
        };
      const r = await stripe.current.confirmCardPayment(clientSecret, {
        payment_method: { card: card.current, billing_details: { name: holderName } },
      });
      return {
        status: r.paymentIntent?.status ?? r.error?.payment_intent?.status ?? 'requires_payment_method',
        errorType: r.error?.type ?? null,
        errorCode: r.error?.decline_code ?? r.error?.code ?? null,
        message: r.error?.message ?? null,
        attempted: Boolean(r.paymentIntent ?? r.error?.payment_intent),
      };
    },
  }));

  return (
    <div className="field full">
      <span className="field-label" id={`${id}-label`}>
        {t('stripe.cardLabel')}
      </span>
      <div
        ref={host}
        className="card-box"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        data-testid="stripe-card"
      />
      {error ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : (
        <span id={`${id}-hint`} className="field-hint">
          {t('stripe.secure')}
        </span>
      )}
      {failed && <Alert kind="error">{t('stripe.loadFailed')}</Alert>}
    </div>
  );
}
