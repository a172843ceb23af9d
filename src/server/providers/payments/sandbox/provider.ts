/**
 * The built-in sandbox payment provider (decision 027), offline and only while PAYMENTS_SANDBOX is on. It behaves like
 * an external provider: its state lives in its own tables (db/schema/sandbox.ts), shared by every app instance and
 * kept across restarts; what happens on its side (a shopper answering the 3-D Secure challenge at the bank, cash paid
 * at an OXXO counter) reaches the app only as a signed webhook (HMAC with timestamp, `Sandbox-Signature` header)
 * through the app's own POST /api/payments/webhooks/sandbox. A voucher past its expiry cannot be paid, whatever the
 * app did. Results of the app's own calls (a card approved or declined at once) come back in the call's answer.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { runTransaction } from '../../../db/transaction.js';
import { sandboxPayments, sandboxRefunds, sandboxWebhookEvents } from '../../../db/schema/sandbox.js';
import { AppError } from '../../../lib/app-error.js';
import { deriveKey } from '../../../lib/secrets.js';
import type { CardInput, PaymentProvider, ProviderPayment } from '../types.js';
import { cardBrand, cardOutcome } from './cards.js';
import { sandboxRoutes } from './routes.js';
import { createOutbox, parseSandboxEvent } from './outbox.js';

type Row = typeof sandboxPayments.$inferSelect;

const UNPAID = ['requires_confirmation', 'requires_action', 'approved', 'pending'];

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Where the sandbox wallet sends the buyer back: kept with the payment (never shown to the app). */
const RETURN_KEY = '_returnUrl';
const CANCEL_KEY = '_cancelUrl';

function toProvider(r: Row): ProviderPayment {
  const { [RETURN_KEY]: _r, [CANCEL_KEY]: _c, ...metadata } = r.metadata;
  return {
    providerRef: r.id,
    method: r.method as ProviderPayment['method'],
    status: r.status as ProviderPayment['status'],
    amountCents: r.amountCents,
    refundedCents: r.refundedCents,
    cardBrand: r.cardBrand,
    cardLast4: r.cardLast4,
    failureCode: r.failureCode,
    challengeId: r.status === 'requires_action' ? r.challengeId : null,
    reference: r.reference,
    expiresAt: r.expiresAt,
    metadata,
  };
}

/** Where the wallet may send the buyer back to: the path of the given URL on the app itself (never another site). */
function ownPath(u: string | undefined): string {
  if (!u) return '/';
  try {
    const url = new URL(u, 'http://app.invalid');
    return `${url.pathname}${url.search}`.slice(0, 1000);
  } catch {
    return '/';
  }
}

export type SandboxPayments = ReturnType<typeof createSandboxPayments>;

export function createSandboxPayments({ db, secret }: { db: Db; secret: string }) {
  const webhookKey = deriveKey(secret, 'sandbox-webhook');
  const operatorKey = deriveKey(secret, 'sandbox-operator');
  const clientKey = deriveKey(secret, 'sandbox-client');
  const outbox = createOutbox(db, webhookKey);

  /** The secret with which a browser confirms payment `ref` (like Stripe's client_secret; derived, never stored). */
  const clientSecretOf = (ref: string) =>
    `${ref}_secret_${createHmac('sha256', clientKey).update(ref).digest('base64url').slice(0, 32)}`;
  const clientSecretMatches = (ref: string, given: string) => {
    const a = Buffer.from(clientSecretOf(ref));
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  async function find(where: SQL): Promise<Row | null> {
    const [r] = await db.select().from(sandboxPayments).where(where).limit(1);
    return r ?? null;
  }

  /**
   * Moves a payment from one of `from` to a new state and records the webhook in the same transaction, then sends it.
   * Returns the payment, or null when it was not in `from` (another action won).
   */
  async function transition(
    where: SQL,
    from: string[],
    set: Partial<typeof sandboxPayments.$inferInsert>,
    eventType: string,
  ): Promise<{ payment: ProviderPayment; delivered: boolean } | null> {
    const eventId = id('evt');
    const row = await runTransaction(db, async (tx) => {
      const [r] = await tx
        .update(sandboxPayments)
        .set({ ...set, updatedAt: new Date() })
        .where(and(where, inArray(sandboxPayments.status, from)))
        .returning();
      if (!r) return null;
      const p = toProvider(r);
      await tx.insert(sandboxWebhookEvents).values({
        id: eventId,
        type: eventType,
        paymentId: r.id,
        payload: { ...p, expiresAt: p.expiresAt?.toISOString() ?? null },
      });
      return r;
    });
    if (!row) return null;
    return { payment: toProvider(row), delivered: await outbox.send(eventId) };
  }

  const provider = {
    name: 'sandbox',
    methods: ['card', 'oxxo', 'paypal'] as const,

    async createPayment({
      method,
      amountCents,
      idempotencyKey,
      description,
      expiresAt,
      metadata,
      returnUrl,
      cancelUrl,
    }) {
      const kept =
        method === 'paypal'
          ? { ...metadata, [RETURN_KEY]: ownPath(returnUrl), [CANCEL_KEY]: ownPath(cancelUrl) }
          : metadata;
      for (let attempt = 0; ; attempt++) {
        try {
          await db
            .insert(sandboxPayments)
            .values({
              id: id('sbx_pi'),
              idempotencyKey,
              method,
              status: method === 'oxxo' ? 'pending' : 'requires_confirmation',
              amountCents,
              description,
              metadata: kept,
              reference: method === 'oxxo' ? Array.from({ length: 14 }, () => randomInt(10)).join('') : null,
              expiresAt: method === 'oxxo' ? (expiresAt ?? null) : null,
            })
            .onConflictDoNothing({ target: sandboxPayments.idempotencyKey });
          break;
        } catch (err) {
          // A 14-digit reference collided with another voucher's: draw again.
          if (attempt > 3) throw err;
        }
      }
      return toProvider((await find(eq(sandboxPayments.idempotencyKey, idempotencyKey)))!);
    },

    async confirmCard({ providerRef, card }) {
      const outcome = cardOutcome(card.number);
      const [r] = await db
        .update(sandboxPayments)
        .set({
          status: outcome.status,
          cardBrand: cardBrand(card.number),
          cardLast4: card.number.slice(-4),
          failureCode: outcome.status === 'failed' ? outcome.failureCode : null,
          challengeId: outcome.status === 'requires_action' ? randomBytes(24).toString('base64url') : null,
          updatedAt: new Date(),
        })
        .where(and(eq(sandboxPayments.id, providerRef), eq(sandboxPayments.status, 'requires_confirmation')))
        .returning();
      if (r) return toProvider(r);
      // Already confirmed (a retry after a crash): nothing is charged twice.
      const now = await find(eq(sandboxPayments.id, providerRef));
      if (!now) throw new AppError('PAYMENT_NOT_FOUND');
      return toProvider(now);
    },

    async retrievePayment(providerRef) {
      const r = await find(eq(sandboxPayments.id, providerRef));
      if (!r) return null;
      if (r.status === 'pending' && r.expiresAt && r.expiresAt <= new Date()) {
        // Expiry belongs to the voucher: past it, it is expired whoever asks.
        const [e] = await db
          .update(sandboxPayments)
          .set({ status: 'expired', updatedAt: new Date() })
          .where(and(eq(sandboxPayments.id, providerRef), eq(sandboxPayments.status, 'pending')))
          .returning();
        return toProvider(e ?? (await find(eq(sandboxPayments.id, providerRef)))!);
      }
      return toProvider(r);
    },

    async cancelPayment(providerRef) {
      const [r] = await db
        .update(sandboxPayments)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(and(eq(sandboxPayments.id, providerRef), inArray(sandboxPayments.status, UNPAID)))
        .returning();
      if (r) return toProvider(r);
      const now = await find(eq(sandboxPayments.id, providerRef));
      if (!now) throw new AppError('PAYMENT_NOT_FOUND');
      return toProvider(now);
    },

    async refundPayment({ providerRef, amountCents, idempotencyKey }) {
      return runTransaction(db, async (tx) => {
        const [inserted] = await tx
          .insert(sandboxRefunds)
          .values({ id: id('sbx_re'), paymentId: providerRef, idempotencyKey, amountCents })
          .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
          .returning();
        if (!inserted) return { status: 'succeeded' as const };
        const [r] = await tx
          .update(sandboxPayments)
          .set({ refundedCents: sql`${sandboxPayments.refundedCents} + ${amountCents}`, updatedAt: new Date() })
          .where(
            and(
              eq(sandboxPayments.id, providerRef),
              eq(sandboxPayments.status, 'succeeded'),
              sql`${sandboxPayments.refundedCents} + ${amountCents} <= ${sandboxPayments.amountCents}`,
            ),
          )
          .returning();
        if (!r) throw new AppError('PAYMENT_REFUND_FAILED', { reason: 'refund_not_possible' });
        return { status: 'succeeded' as const };
      }).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'PAYMENT_REFUND_FAILED')
          return { status: 'failed' as const, failureCode: 'refund_not_possible' };
        throw err;
      });
    },

    parseWebhook: (rawBody, headers) => parseSandboxEvent(webhookKey, rawBody, headers),

    /**
     * Wallet: captures a payment the buyer approved at the sandbox wallet page; the capture's webhook follows. A payment
     * captured before answers as it is (nothing moves twice); one not approved yet stays as it is.
     */
    async capturePayment({ providerRef }: { providerRef: string; idempotencyKey: string }) {
      const done = await transition(
        and(eq(sandboxPayments.id, providerRef), eq(sandboxPayments.method, 'paypal'))!,
        ['approved'],
        { status: 'succeeded' },
        'payment.succeeded',
      );
      if (done) return done.payment;
      const now = await find(eq(sandboxPayments.id, providerRef));
      if (!now) throw new AppError('PAYMENT_NOT_FOUND');
      return toProvider(now);
    },

    /** The sandbox wallet page's secret of payment `ref` (in its approve URL, known only to the buyer's browser). */
    walletSecretMatches: clientSecretMatches,

    /**
     * The buyer approved (or cancelled) wallet payment `ref` at the sandbox wallet page, as at PayPal: approving moves
     * no money (the app captures), and is told to the app as a signed `payment.approved` webhook. Returns where the
     * buyer goes back to. Throws PAYMENT_NOT_FOUND (no such wallet payment, wrong secret).
     */
    async answerWallet(ref: string, secret: string, approved: boolean) {
      if (!clientSecretMatches(ref, secret)) throw new AppError('PAYMENT_NOT_FOUND');
      const r = await find(and(eq(sandboxPayments.id, ref), eq(sandboxPayments.method, 'paypal'))!);
      if (!r) throw new AppError('PAYMENT_NOT_FOUND');
      if (approved)
        await transition(
          eq(sandboxPayments.id, ref),
          ['requires_confirmation'],
          { status: 'approved' },
          'payment.approved',
        );
      return ownPath(approved ? r.metadata[RETURN_KEY] : r.metadata[CANCEL_KEY]);
    },

    /** What the sandbox wallet page shows of payment `ref`, or null (unknown, wrong secret). */
    async walletPayment(ref: string, secret: string) {
      if (!clientSecretMatches(ref, secret)) return null;
      const r = await find(and(eq(sandboxPayments.id, ref), eq(sandboxPayments.method, 'paypal'))!);
      return r ? toProvider(r) : null;
    },

    clientConfirmation(payment: ProviderPayment, lang: 'es' | 'en') {
      if (payment.method === 'paypal' && payment.status === 'requires_confirmation')
        return {
          provider: 'sandbox',
          clientSecret: '',
          publishableKey: null,
          confirmUrl: null,
          approveUrl: `/api/payments/sandbox/wallet/${payment.providerRef}?secret=${encodeURIComponent(
            clientSecretOf(payment.providerRef),
          )}&lang=${lang}`,
          locale: lang,
        };
      if (payment.method !== 'card' || payment.status !== 'requires_confirmation') return null;
      return {
        provider: 'sandbox',
        clientSecret: clientSecretOf(payment.providerRef),
        publishableKey: null,
        confirmUrl: `/api/payments/sandbox/payment_intents/${payment.providerRef}/confirm`,
        locale: lang,
      };
    },

    /**
     * The shopper's browser confirms card payment `providerRef` with its client secret, as Stripe.js does at Stripe:
     * the card goes to the provider, never to the app. The outcome (approved, declined, 3-D Secure asked) reaches the
     * app as a signed webhook. Throws PAYMENT_NOT_FOUND for an unknown payment or a wrong secret; a payment already
     * confirmed is answered as it is (nothing is charged twice).
     */
    async confirmFromBrowser(providerRef: string, clientSecret: string, card: CardInput) {
      if (!clientSecretMatches(providerRef, clientSecret)) throw new AppError('PAYMENT_NOT_FOUND');
      const outcome = cardOutcome(card.number);
      const done = await transition(
        eq(sandboxPayments.id, providerRef),
        ['requires_confirmation'],
        {
          status: outcome.status,
          cardBrand: cardBrand(card.number),
          cardLast4: card.number.slice(-4),
          failureCode: outcome.status === 'failed' ? outcome.failureCode : null,
          challengeId: outcome.status === 'requires_action' ? randomBytes(24).toString('base64url') : null,
        },
        `payment.${outcome.status}`,
      );
      if (done) return done;
      const now = await find(eq(sandboxPayments.id, providerRef));
      if (!now) throw new AppError('PAYMENT_NOT_FOUND');
      return { payment: toProvider(now), delivered: true };
    },
    connectWebhooks: outbox.connect,
    redeliverWebhooks: outbox.redeliver,

    /**
     * The shopper's answer at the sandbox bank's 3-D Secure page. Throws PAYMENT_NOT_FOUND (no such challenge) or
     * PAYMENT_ALREADY_PROCESSED (answered before, or the payment was voided because its order expired).
     */
    async answerChallenge(challengeId: string, approved: boolean) {
      if (!(await find(eq(sandboxPayments.challengeId, challengeId)))) throw new AppError('PAYMENT_NOT_FOUND');
      const done = await transition(
        eq(sandboxPayments.challengeId, challengeId),
        ['requires_action'],
        approved ? { status: 'succeeded' } : { status: 'failed', failureCode: 'three_d_secure_failed' },
        approved ? 'payment.succeeded' : 'payment.failed',
      );
      if (!done) throw new AppError('PAYMENT_ALREADY_PROCESSED');
      return done;
    },

    /**
     * Cash paid at the OXXO counter for voucher `reference`. Throws PAYMENT_NOT_FOUND, OXXO_VOUCHER_EXPIRED (past its
     * expiry, whether or not the app's sweep ran) or PAYMENT_ALREADY_PROCESSED (paid, cancelled).
     */
    async payVoucher(reference: string, now = new Date()) {
      const r = await find(eq(sandboxPayments.reference, reference));
      if (!r) throw new AppError('PAYMENT_NOT_FOUND');
      if (r.status === 'expired' || (r.status === 'pending' && r.expiresAt && r.expiresAt <= now))
        throw new AppError('OXXO_VOUCHER_EXPIRED');
      const done = await transition(
        and(eq(sandboxPayments.reference, reference), sql`${sandboxPayments.expiresAt} > ${now}`)!,
        ['pending'],
        { status: 'succeeded' },
        'payment.succeeded',
      );
      if (!done) throw new AppError('PAYMENT_ALREADY_PROCESSED');
      return done;
    },

    operatorKey,
  } satisfies PaymentProvider & Record<string, unknown>;

  return { ...provider, routes: sandboxRoutes(provider) };
}
