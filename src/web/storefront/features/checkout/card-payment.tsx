/**
 * Paying by card on the payment page: its choice, its fields (typed here for the sandbox provider, with its test cards
 * shown, or into Stripe Elements, stripe-card-field.tsx, when the store's provider is Stripe) and the confirmation of
 * a placed order's payment with the provider: the card goes from the browser to the provider only (decision 056), and
 * a 3-D Secure challenge comes back to answer (Stripe.js shows its own and resolves once it is answered).
 */
import type { RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import i18n from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/field';
import { confirmWithProvider, readPaymentOutcome } from './api/provider-client';
import { StripeCardField, type StripeCardHandle } from './stripe-card-field';
import type { PaymentFormOutput, PaymentFormValues } from './payment-form';
import type { CardInput, PlaceOrderResponse } from '../../../../shared/contracts/checkout';

/** The payment page's form. */
export type PaymentForm = UseFormReturn<PaymentFormValues, unknown, PaymentFormOutput>;

/** The card's choice among the payment methods. */
export function CardOption({ form }: { form: PaymentForm }) {
  const { t } = useTranslation('checkout');
  return (
    <label className="radio-card">
      <input type="radio" value="card" {...form.register('method')} />
      <span>
        <strong>{t('payment.card')}</strong>
        <span className="small muted" style={{ display: 'block' }}>
          {t('payment.cardText')}
        </span>
      </span>
    </label>
  );
}

/** The card's fields: the holder's name and Stripe's card frame when `stripeKey` is set, else every card field. */
export function CardFields({
  form,
  fieldError,
  stripeKey,
  stripeCard,
}: {
  form: PaymentForm;
  fieldError: (name: 'card.number' | 'card.holderName' | 'card.expiry' | 'card.cvc') => string | undefined;
  stripeKey: string | null;
  stripeCard: RefObject<StripeCardHandle | null>;
}) {
  const { t } = useTranslation('checkout');
  // Keyed apart: when the provider's configuration arrives, the typed fields give way to new ones, never reused.
  if (stripeKey)
    return (
      <div key="stripe" className="form-grid two">
        <TextField
          className="full"
          label={t('payment.holderName')}
          autoComplete="cc-name"
          {...form.register('card.holderName')}
          error={fieldError('card.holderName')}
        />
        <StripeCardField ref={stripeCard} publishableKey={stripeKey} locale={i18n.language === 'en' ? 'en' : 'es'} />
      </div>
    );
  return (
    <div key="typed" className="form-grid two">
      <TextField
        className="full"
        label={t('payment.cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        {...form.register('card.number')}
        error={fieldError('card.number')}
      />
      <TextField
        className="full"
        label={t('payment.holderName')}
        autoComplete="cc-name"
        {...form.register('card.holderName')}
        error={fieldError('card.holderName')}
      />
      <TextField
        label={t('payment.expiry')}
        placeholder="MM/AA"
        autoComplete="cc-exp"
        {...form.register('card.expiry')}
        error={fieldError('card.expiry')}
      />
      <TextField
        label={t('payment.cvc')}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        {...form.register('card.cvc')}
        error={fieldError('card.cvc')}
      />
      <div className="full">
        <Alert kind="info">{t('payment.testCards')}</Alert>
      </div>
    </div>
  );
}

/**
 * Confirms a placed order's card payment with the provider: Stripe.js with the card frame of `stripeCard`, or the
 * sandbox provider with the typed `card`. Resolves with the paid order, or with the order to challenge (3-D Secure).
 */
export function usePayAtProvider(stripeCard: RefObject<StripeCardHandle | null>) {
  return useMutation({
    mutationFn: async ({
      placed,
      card,
      holderName,
    }: {
      placed: PlaceOrderResponse;
      card: CardInput | null;
      holderName: string;
    }) => {
      if (placed.confirmation?.provider === 'stripe') {
        const declined = i18n.t('errors:PAYMENT_DECLINED');
        if (!stripeCard.current) throw new ApiError(422, 'PAYMENT_DECLINED', declined);
        const r = await stripeCard.current.confirm(placed.confirmation.clientSecret, holderName);
        // Paid, declined or 3-D Secure failed: how the order ended is read from our server, which heard it from
        // Stripe, and a failure shows our translated message (PAYMENT_DECLINED, THREE_D_SECURE_FAILED).
        if (r.status === 'succeeded' || r.attempted) return { paid: await readPaymentOutcome(placed) };
        // Stripe refused before charging (the card frame did not load, no connection): its message; the unpaid
        // order is voided by the sweep.
        throw new ApiError(422, 'PAYMENT_DECLINED', r.message ?? declined);
      }
      if (!card) throw new ApiError(422, 'PAYMENT_DECLINED', i18n.t('errors:PAYMENT_DECLINED'));
      const r = await confirmWithProvider(placed, card);
      if (r.status === 'requires_action' && r.challengeId && placed.order.payment)
        return {
          challenge: {
            ...placed,
            order: { ...placed.order, payment: { ...placed.order.payment, challengeId: r.challengeId } },
          },
        };
      return { paid: await readPaymentOutcome(placed) };
    },
  });
}
