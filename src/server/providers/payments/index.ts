/**
 * Payment adapter (decision 027). The app talks to a provider the way Stripe's PaymentIntents
 * work, so that a Stripe or PayPal adapter slots in behind the same interface:
 *   createPayment   records the intent to be paid (idempotent by key; no money moves for a card, an OXXO voucher
 *                   is issued)
 *   confirmCard     charges the card of a created payment (may ask for 3-D Secure)
 *   retrievePayment the provider's current view of a payment: how the app reconciles after a crash
 *   cancelPayment   voids an unpaid payment (an expired order, a voucher the seller settled by hand)
 *   refundPayment   gives succeeded money back (idempotent by key)
 *   parseWebhook    checks a webhook's signature on the raw body and returns its event
 * `sandbox` is the offline default (only when PAYMENTS_SANDBOX is on); `none` refuses every payment with 503.
 * Amounts are integer centavos MXN. Card data is never logged or stored (only brand and last 4).
 */
import type { Db } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { createSandboxPayments } from './sandbox/provider.js';
import { createStripePayments } from './stripe/provider.js';
import { createPayPalPayments } from './paypal/provider.js';
import type { PaymentMethodName, PaymentProvider } from './types.js';

export { paymentLocale } from './types.js';
export type {
  PaymentMethodName,
  CardInput,
  ProviderClientConfirmation,
  PaymentProvider,
  ProviderEvent,
  ProviderPayment,
  ProviderPaymentStatus,
  WebhookDelivery,
} from './types.js';

/** The provider when no payment method is available: every call is 503 PAYMENTS_UNAVAILABLE. */
function createNoPayments(): PaymentProvider {
  const unavailable = async (): Promise<never> => {
    throw new AppError('PAYMENTS_UNAVAILABLE');
  };
  return {
    name: 'none',
    createPayment: unavailable,
    confirmCard: unavailable,
    retrievePayment: async () => null,
    cancelPayment: unavailable,
    refundPayment: unavailable,
    parseWebhook: () => {
      throw new AppError('NOT_FOUND');
    },
  };
}

/**
 * The configured provider: `sandbox` (PAYMENTS_SANDBOX on), `stripe` (STRIPE_* keys; STRIPE_API_HOST/PORT/PROTOCOL
 * point the SDK at a stand-in of the API), else `none`.
 */
export function createPaymentProvider(
  config: Pick<AppConfig, 'PAYMENT_PROVIDER' | 'PAYMENTS_SANDBOX'> &
    Partial<
      Pick<
        AppConfig,
        | 'STRIPE_SECRET_KEY'
        | 'STRIPE_PUBLISHABLE_KEY'
        | 'STRIPE_WEBHOOK_SECRET'
        | 'STRIPE_API_HOST'
        | 'STRIPE_API_PORT'
        | 'STRIPE_API_PROTOCOL'
      >
    >,
  deps: { db: Db; secret: string },
): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'sandbox' && config.PAYMENTS_SANDBOX) return createSandboxPayments(deps);
  if (
    config.PAYMENT_PROVIDER === 'stripe' &&
    config.STRIPE_SECRET_KEY &&
    config.STRIPE_PUBLISHABLE_KEY &&
    config.STRIPE_WEBHOOK_SECRET
  )
    return createStripePayments({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  return createNoPayments();
}

/**
 * The wallet (decision 071): PayPal when PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and
 * PAYPAL_WEBHOOK_ID are set (PAYPAL_API_BASE points the SDK at a stand-in of the API), else the sandbox's own wallet
 * when the card provider is the sandbox (`cards`, so that one provider object serves both), else null: no wallet is
 * offered.
 */
export function createWalletProvider(
  config: Partial<
    Pick<
      AppConfig,
      | 'PAYPAL_CLIENT_ID'
      | 'PAYPAL_CLIENT_SECRET'
      | 'PAYPAL_WEBHOOK_ID'
      | 'PAYPAL_ENVIRONMENT'
      | 'PAYPAL_API_BASE'
      | 'PAYPAL_VERIFY_FAILURES_PER_MINUTE'
    >
  >,
  cards: PaymentProvider,
): PaymentProvider | null {
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET && config.PAYPAL_WEBHOOK_ID)
    return createPayPalPayments({
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      webhookId: config.PAYPAL_WEBHOOK_ID,
      environment: config.PAYPAL_ENVIRONMENT ?? 'sandbox',
      apiBaseUrl: config.PAYPAL_API_BASE,
      verifyFailuresPerMinute: config.PAYPAL_VERIFY_FAILURES_PER_MINUTE,
    });
  return cards.methods?.includes('paypal') ? cards : null;
}

/** The methods a provider takes (card and OXXO unless it says otherwise). */
export const methodsOf = (p: PaymentProvider): readonly PaymentMethodName[] => p.methods ?? ['card', 'oxxo'];

/**
 * The provider that handles payments of `method` (the wallet for `paypal`, else the card provider), or null when
 * none is configured for it.
 */
export function providerForMethod(
  providers: { payments: PaymentProvider; wallet?: PaymentProvider | null },
  method: PaymentMethodName,
): PaymentProvider | null {
  if (method === 'paypal') return providers.wallet ?? null;
  return providers.payments.name === 'none' ? null : providers.payments;
}

/**
 * The payment methods shoppers can use on this deployment, in the order the storefront names them: card and OXXO when
 * the card provider takes them, PayPal when a wallet is configured. Empty without any provider.
 */
export function acceptedMethods(providers: {
  payments: PaymentProvider;
  wallet?: PaymentProvider | null;
}): PaymentMethodName[] {
  return (['card', 'oxxo', 'paypal'] as const).filter((m) => {
    const provider = providerForMethod(providers, m);
    return provider !== null && methodsOf(provider).includes(m);
  });
}

/** The configured provider named `name` (a payment row's `provider`), or null (another provider's, or `manual`). */
export function providerNamed(
  providers: { payments: PaymentProvider; wallet?: PaymentProvider | null },
  name: string,
): PaymentProvider | null {
  if (providers.payments.name === name && name !== 'none') return providers.payments;
  if (providers.wallet?.name === name) return providers.wallet;
  return null;
}
