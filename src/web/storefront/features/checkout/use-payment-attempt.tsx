/**
 * One payment attempt as both checkouts run it (the cart's /micarrito/pago and a quote's /micarrito/cotizacion): the
 * method form (card, OXXO, wallet), POST /api/pedido with an idempotency key kept across retries of the same attempt,
 * the card sent from the browser to the provider (decision 056), the wallet's redirect and the bank's 3-D Secure
 * dialog. The page supplies what it orders (`place(body)`) and what happens when the order is paid (`onPaid`).
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '../../../lib/api-client';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { usePlaceOrder } from './api/place-order';
import { useSettleThreeDSecure } from './api/settle-three-d-secure';
import { paymentClientConfigQuery } from './api/get-payment-client-config';
import type { StripeCardHandle } from './stripe-card-field';
import { CardFields, CardOption, usePayAtProvider } from './card-payment';
import { OxxoHowTo, OxxoOption } from './oxxo-payment';
import { WalletHowTo, WalletOption, goToWallet } from './wallet-payment';
import {
  paymentFieldOf,
  paymentFormSchema,
  paymentOf,
  stripePaymentFormSchema,
  type PaymentFormOutput,
  type PaymentFormValues,
} from './payment-form';
import type { PlaceOrderBody, PlaceOrderResponse } from '../../../../shared/contracts/checkout';

const resolver = zodResolver(paymentFormSchema, formSchemaOptions) as unknown as Resolver<
  PaymentFormValues,
  unknown,
  PaymentFormOutput
>;
const stripeResolver = zodResolver(stripePaymentFormSchema, formSchemaOptions) as unknown as Resolver<
  PaymentFormValues,
  unknown,
  PaymentFormOutput
>;

/**
 * A refused attempt is over (a declined card, a changed price): the next try is a new attempt with a new key. After a
 * lost answer, a server error or an attempt still in progress the same key is sent again, so the server resumes it.
 */
export function attemptIsOver(err: ApiError): boolean {
  return !(
    err.status === 429 ||
    err.status === 0 ||
    err.status >= 500 ||
    err.code === 'IDEMPOTENCY_KEY_IN_PROGRESS' ||
    err.code === 'CONFLICT'
  );
}

/** What a page orders: the body of POST /api/pedido without the attempt's key and the payment method. */
export type OrderRequest = Omit<PlaceOrderBody, 'idempotencyKey' | 'paymentMethod'>;

interface Options {
  /** The order is placed and paid (or its OXXO voucher issued): go to its confirmation. */
  onPaid: (placed: PlaceOrderResponse) => void;
  /** POST /api/pedido refused the attempt (after its field errors are shown): e.g. refresh a changed price. */
  onRefused?: (err: ApiError) => void;
}

/**
 * The state of one checkout's payment. `submit(order)` makes a form submit handler placing `order()`; `answer` is the
 * 3-D Secure dialog's. `busy` covers placing, paying at the provider, settling and leaving for the wallet.
 */
export function usePaymentAttempt({ onPaid, onRefused }: Options) {
  const place = usePlaceOrder();
  const settle = useSettleThreeDSecure();
  const clientConfig = useQuery(paymentClientConfigQuery);
  const stripeKey = clientConfig.data?.provider === 'stripe' ? clientConfig.data.publishableKey : null;
  const wallet = clientConfig.data?.wallet ?? null;
  const stripeMode = useRef(false);
  stripeMode.current = Boolean(stripeKey);
  const [leaving, setLeaving] = useState(false);
  const stripeCard = useRef<StripeCardHandle>(null);
  const payAtProvider = usePayAtProvider(stripeCard);
  const form = useForm<PaymentFormValues, unknown, PaymentFormOutput>({
    resolver: (values, context, options) => (stripeMode.current ? stripeResolver : resolver)(values, context, options),
    defaultValues: { method: 'card', card: { number: '', holderName: '', expiry: '', cvc: '' } },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const method = form.watch('method');
  const [challenge, setChallenge] = useState<PlaceOrderResponse | null>(null);
  // One key per attempt: a retried submit of the same attempt cannot create a second order.
  const attemptKey = useRef<string>(crypto.randomUUID());
  const newAttempt = () => (attemptKey.current = crypto.randomUUID());

  const submit = (order: () => OrderRequest) =>
    form.handleSubmit((values) => {
      settle.reset();
      payAtProvider.reset();
      // Stripe: an incomplete card is said under its field before any order is placed.
      if (stripeMode.current && values.method === 'card' && !stripeCard.current?.checkComplete()) return;
      const payment =
        stripeMode.current || values.method !== 'card'
          ? { body: { paymentMethod: values.method }, card: null }
          : paymentOf(values);
      const holderName = values.method === 'card' ? values.card.holderName : '';
      place.mutate(
        { idempotencyKey: attemptKey.current, ...order(), ...payment.body },
        {
          onSuccess: (r) => {
            // The wallet: the buyer approves at PayPal and comes back to /micarrito/paypal, which captures.
            if (r.confirmation?.approveUrl) {
              setLeaving(true);
              goToWallet(r, r.confirmation.approveUrl);
            } else if (r.confirmation) {
              payAtProvider.mutate(
                { placed: r, card: payment.card, holderName },
                {
                  onSuccess: (x) => (x.challenge ? setChallenge(x.challenge) : onPaid(x.paid!)),
                  // The attempt is over (declined, or the provider refused): the next try is a new order.
                  onError: (err) => {
                    if (attemptIsOver(err as ApiError)) newAttempt();
                  },
                },
              );
            } else if (r.order.payment?.status === 'requires_action') setChallenge(r);
            else onPaid(r);
          },
          onError: (err) => {
            const apiErr = err as ApiError;
            setServerFieldErrors(apiErr, form.setError, paymentFieldOf);
            if (attemptIsOver(apiErr)) newAttempt();
            onRefused?.(apiErr);
          },
        },
      );
    });

  const answer = (approved: boolean) => {
    if (!challenge) return;
    settle.mutate(
      { placed: challenge, approved },
      {
        onSuccess: onPaid,
        onError: () => {
          newAttempt();
          setChallenge(null);
        },
      },
    );
  };

  return {
    form,
    method,
    submit,
    answer,
    challenge,
    leaving,
    busy: place.isPending || settle.isPending || payAtProvider.isPending || leaving,
    error: settle.error ?? payAtProvider.error ?? place.error,
    fields: { form, fieldError, stripeKey, stripeCard, wallet, method },
  };
}

type MethodFields = ReturnType<typeof usePaymentAttempt>['fields'];

/**
 * The method choice (card, OXXO with the store's fee, the wallet when the store has one) and the chosen method's
 * fields or how-to. `legend` is shown, or read only by screen readers when the page's heading already says it.
 */
export function PaymentMethodFields({
  fields,
  oxxoFeeCents,
  legend,
}: {
  fields: MethodFields;
  oxxoFeeCents: number;
  legend: { text: string; visible: boolean };
}) {
  const { form, fieldError, stripeKey, stripeCard, wallet, method } = fields;
  return (
    <>
      <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className={legend.visible ? undefined : 'visually-hidden'}>
          {legend.visible ? <strong>{legend.text}</strong> : legend.text}
        </legend>
        <CardOption form={form} />
        <OxxoOption form={form} feeCents={oxxoFeeCents} />
        {wallet && <WalletOption form={form} />}
      </fieldset>
      {method === 'card' && (
        <CardFields form={form} fieldError={fieldError} stripeKey={stripeKey} stripeCard={stripeCard} />
      )}
      {method === 'oxxo' && <OxxoHowTo />}
      {method === 'paypal' && <WalletHowTo />}
    </>
  );
}
