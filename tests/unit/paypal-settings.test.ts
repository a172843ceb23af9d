/**
 * The PayPal wallet's settings and amounts (decision 071): the three PAYPAL_* values come together or not at all, and
 * integer centavos go to PayPal as exact MXN strings and come back the same.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { fromPayPalValue, paypalLocale, toPayPalValue } from '../../src/server/providers/payments/paypal/provider.js';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/vitrina-paypal-settings' };

describe('PayPal settings', () => {
  it('refuses a half-configured wallet, naming what is missing', () => {
    expect(() => loadConfig({ ...base, PAYPAL_CLIENT_ID: 'client-id-123' })).toThrow(
      /PAYPAL: the wallet needs PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID/,
    );
    expect(() => loadConfig({ ...base, PAYPAL_ENVIRONMENT: 'production' })).toThrow(/PAYPAL_ENVIRONMENT/);
    expect(() => loadConfig({ ...base, PAYPAL_API_BASE: 'https://api-m.paypal.com' })).toThrow(/PAYPAL_API_BASE/);
  });

  it('takes all three, sandbox by default', () => {
    const c = loadConfig({
      ...base,
      PAYPAL_CLIENT_ID: 'client-id-123',
      PAYPAL_CLIENT_SECRET: 'client-secret-123',
      PAYPAL_WEBHOOK_ID: 'WH-123',
    });
    expect(c).toMatchObject({ PAYPAL_ENVIRONMENT: 'sandbox', PAYPAL_WEBHOOK_ID: 'WH-123' });
    expect(loadConfig(base).PAYPAL_CLIENT_ID).toBeUndefined();
  });

  it('writes centavos as exact MXN values and reads them back', () => {
    expect(toPayPalValue(0)).toBe('0.00');
    expect(toPayPalValue(5)).toBe('0.05');
    expect(toPayPalValue(81900)).toBe('819.00');
    expect(toPayPalValue(123456789)).toBe('1234567.89');
    for (const c of [0, 1, 99, 100, 1001, 81900, 999_999_999]) expect(fromPayPalValue(toPayPalValue(c))).toBe(c);
    expect(fromPayPalValue('10')).toBe(1000);
    expect(fromPayPalValue('10.5')).toBe(1050);
    expect(Number.isNaN(fromPayPalValue('1e3'))).toBe(true);
    expect(Number.isNaN(fromPayPalValue('-1.00'))).toBe(true);
    expect(() => toPayPalValue(1.5)).toThrow(RangeError);
  });

  it('uses the payment locale in PayPal’s form', () => {
    expect(paypalLocale('es')).toBe('es-MX');
    expect(paypalLocale('en')).toBe('en-US');
  });
});
