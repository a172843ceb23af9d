/**
 * How a provider's payment maps to ours (payments.service.ts): a payment is refunded only when money actually went
 * back, all of it. A succeeded payment of $0 (nothing charged, nothing refunded) used to read as refunded: 0 >= 0.
 */
import { describe, expect, it } from 'vitest';
import { providerPaymentStatus } from '../../src/server/modules/payments/payments.service.js';

describe('provider payment status', () => {
  it('succeeded stays succeeded until everything was refunded', () => {
    expect(providerPaymentStatus({ status: 'succeeded', amountCents: 10_000, refundedCents: 0 })).toBe('succeeded');
    expect(providerPaymentStatus({ status: 'succeeded', amountCents: 10_000, refundedCents: 9_999 })).toBe('succeeded');
    expect(providerPaymentStatus({ status: 'succeeded', amountCents: 10_000, refundedCents: 10_000 })).toBe('refunded');
  });

  it('a succeeded payment of $0 is succeeded, never refunded (nothing went back)', () => {
    expect(providerPaymentStatus({ status: 'succeeded', amountCents: 0, refundedCents: 0 })).toBe('succeeded');
  });

  it('approved or waiting for the browser is still open; a void is an expiry to the buyer', () => {
    expect(providerPaymentStatus({ status: 'approved', amountCents: 100, refundedCents: 0 })).toBeNull();
    expect(providerPaymentStatus({ status: 'requires_confirmation', amountCents: 100, refundedCents: 0 })).toBeNull();
    expect(providerPaymentStatus({ status: 'canceled', amountCents: 100, refundedCents: 0 })).toBe('expired');
  });
});
