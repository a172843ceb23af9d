/**
 * The payment form's schema (/micarrito/pago), built from the card schema the sandbox provider's confirm page
 * checks (`cardInput`; POST /api/pedido itself takes no card data, decision 086): by card, the number, holder and CVC,
 * and the expiry typed as "MM/AA" whose month and year must pass `expMonth`/`expYear`; at OXXO and with PayPal (the
 * buyer approves at PayPal), nothing.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { z } from 'zod';
import { cardInput, type PlaceOrderBody } from '../../../../shared/contracts/checkout';
import { text } from '../../../../shared/contracts/common';

/** "MM/AA" or "MM/AAAA" → month and four-digit year (0 where missing, which the card schema refuses). */
export function parseExpiry(expiry: string): { expMonth: number; expYear: number } {
  const [mm, yy] = expiry.split('/').map((x) => Number(x.trim()));
  return { expMonth: mm || 0, expYear: yy ? (yy < 100 ? 2000 + yy : yy) : 0 };
}

const cardFields = cardInput.pick({ number: true, holderName: true, cvc: true }).extend({
  expiry: text({ max: 7 }).refine(
    (v) => {
      const { expMonth, expYear } = parseExpiry(v);
      return cardInput.shape.expMonth.safeParse(expMonth).success && cardInput.shape.expYear.safeParse(expYear).success;
    },
    { params: { i18n: 'invalid_expiry' } },
  ),
});

export const paymentFormSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('card'), card: cardFields }),
  z.object({ method: z.literal('oxxo') }),
  z.object({ method: z.literal('paypal') }),
]);

/** With Stripe the card is typed into Stripe's own field (stripe-card-field.tsx): the form keeps only the holder. */
export const stripePaymentFormSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('card'), card: cardFields.pick({ holderName: true }) }),
  z.object({ method: z.literal('oxxo') }),
  z.object({ method: z.literal('paypal') }),
]);

/** What the form holds (all card fields, kept while OXXO is chosen so switching back loses nothing). */
export interface PaymentFormValues {
  method: 'card' | 'oxxo' | 'paypal';
  card: { number: string; holderName: string; expiry: string; cvc: string };
}
export type PaymentFormOutput = z.output<typeof paymentFormSchema>;

/**
 * The payment part of POST /api/pedido for a valid form, and apart the card, which the browser sends only to the
 * payment provider (decision 056), never in POST /api/pedido.
 */
export function paymentOf(v: PaymentFormOutput): {
  body: Pick<PlaceOrderBody, 'paymentMethod'>;
  card: z.infer<typeof cardInput> | null;
} {
  if (v.method !== 'card') return { body: { paymentMethod: v.method }, card: null };
  const { expiry, ...card } = v.card;
  return { body: { paymentMethod: 'card' }, card: { ...card, ...parseExpiry(expiry) } };
}

/** Where a server field error of the card goes in this form (`card.expMonth` and `card.expYear` under the expiry). */
export function paymentFieldOf(path: string): string | null {
  if (path === 'card.expMonth' || path === 'card.expYear') return 'card.expiry';
  return ['card.number', 'card.holderName', 'card.cvc'].includes(path) ? path : null;
}
