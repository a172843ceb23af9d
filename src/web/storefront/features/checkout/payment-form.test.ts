import { describe, expect, it } from 'vitest';
import { formErrorMap, decodeFieldMessage } from '../../../lib/form-errors';
import { paymentFieldOf, paymentFormSchema, paymentOf, parseExpiry } from './payment-form';

const card = { number: '4242 4242 4242 4242', holderName: 'Lucía Ramírez', expiry: '12/30', cvc: '123' };

describe('payment form', () => {
  it('reads "MM/AA" and "MM/AAAA" expiries; a missing part is 0', () => {
    expect(parseExpiry('12/30')).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ expMonth: 1, expYear: 2031 });
    expect(parseExpiry('12')).toEqual({ expMonth: 12, expYear: 0 });
  });

  it('keeps the card out of POST /api/pedido and gives it (digits only, month and year) for the provider', () => {
    const v = paymentFormSchema.parse({ method: 'card', card });
    expect(paymentOf(v)).toEqual({
      body: { paymentMethod: 'card' },
      card: { number: '4242424242424242', holderName: 'Lucía Ramírez', cvc: '123', expMonth: 12, expYear: 2030 },
    });
  });

  it('refuses a bad expiry under the expiry field and ignores card fields for OXXO', () => {
    const r = paymentFormSchema.safeParse(
      { method: 'card', card: { ...card, expiry: '13/30' } },
      { error: formErrorMap },
    );
    expect(r.success).toBe(false);
    const issue = r.error!.issues[0];
    expect(issue.path).toEqual(['card', 'expiry']);
    expect(decodeFieldMessage(issue.message)?.key).toBe('invalid_expiry');
    expect(paymentOf(paymentFormSchema.parse({ method: 'oxxo', card: { ...card, number: '' } }))).toEqual({
      body: { paymentMethod: 'oxxo' },
      card: null,
    });
  });

  it("puts the server's card field errors under the form's fields", () => {
    expect(paymentFieldOf('card.expYear')).toBe('card.expiry');
    expect(paymentFieldOf('card.number')).toBe('card.number');
    expect(paymentFieldOf('address.phone')).toBeNull();
  });
});
