/**
 * The sandbox's recurring charges (recurring.ts; decision 062): a card is saved at the sandbox's own route (as a real
 * provider's card form would), which keeps brand, last 4, expiry and what its bank will answer (from the README's test
 * cards: 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, any other is approved; the
 * 3-D Secure card is approved off-session), never the number. A charge is idempotent by key, and a card past its
 * expiry is declined with `expired_card`.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.js';
import { sandboxPaymentMethods, sandboxRecurringCharges } from '../../../db/schema/sandbox.js';
import { AppError } from '../../../lib/app-error.js';
import { sandboxOps as ops } from '../../../../shared/routes/sandbox.ops.js';
import { route } from '../../../lib/route.js';
import type { RecurringCharge, RecurringPayments, SavedCard } from '../recurring.js';
import { cardBrand, cardOutcome } from './cards.js';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Whether a card expiring at the end of `month`/`year` has expired at `now`. */
function expired(month: number, year: number, now = new Date()): boolean {
  return now >= new Date(Date.UTC(year, month, 1));
}

export function createSandboxRecurring({ db }: { db: Db }): RecurringPayments {
  const routes: FastifyPluginAsyncZod = async (app) => {
    route(app, ops.sandboxSaveCard, async (request, reply) => {
      const card = request.body;
      if (expired(card.expMonth, card.expYear)) throw new AppError('PAYMENT_METHOD_INVALID');
      const outcome = cardOutcome(card.number);
      const row = {
        id: id('sbx_pm'),
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        outcome: outcome.status === 'failed' ? outcome.failureCode : 'succeeded',
      };
      await db.insert(sandboxPaymentMethods).values(row);
      return reply.code(201).send({
        token: row.id,
        brand: row.brand,
        last4: row.last4,
        expMonth: row.expMonth,
        expYear: row.expYear,
      });
    });
  };

  return {
    name: 'sandbox',
    routes: routes as RecurringPayments['routes'],

    async retrieveCard(token): Promise<SavedCard | null> {
      const [r] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, token)).limit(1);
      return r ? { token: r.id, brand: r.brand, last4: r.last4, expMonth: r.expMonth, expYear: r.expYear } : null;
    },

    async chargeCard(input): Promise<RecurringCharge> {
      const toCharge = (r: typeof sandboxRecurringCharges.$inferSelect): RecurringCharge => ({
        providerRef: r.id,
        status: r.status === 'succeeded' ? 'succeeded' : 'failed',
        failureCode: r.failureCode,
      });
      const [prev] = await db
        .select()
        .from(sandboxRecurringCharges)
        .where(eq(sandboxRecurringCharges.idempotencyKey, input.idempotencyKey))
        .limit(1);
      if (prev) return toCharge(prev);
      const [card] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, input.token))
        .limit(1);
      const failureCode = !card
        ? 'payment_method_not_found'
        : expired(card.expMonth, card.expYear)
          ? 'expired_card'
          : card.outcome === 'succeeded'
            ? null
            : card.outcome;
      await db
        .insert(sandboxRecurringCharges)
        .values({
          id: id('sbx_ch'),
          idempotencyKey: input.idempotencyKey,
          paymentMethodId: input.token,
          amountCents: input.amountCents,
          status: failureCode ? 'failed' : 'succeeded',
          failureCode,
          metadata: input.metadata,
        })
        .onConflictDoNothing({ target: sandboxRecurringCharges.idempotencyKey });
      // Two calls with one key at once: both answer the row that won.
      const [r] = await db
        .select()
        .from(sandboxRecurringCharges)
        .where(eq(sandboxRecurringCharges.idempotencyKey, input.idempotencyKey))
        .limit(1);
      return toCharge(r);
    },
  };
}
