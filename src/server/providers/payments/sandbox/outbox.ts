/**
 * The sandbox provider's webhooks (decision 027): each is stored with the state change that caused it (so none is
 * lost to a crash), sent signed like Stripe's — `Sandbox-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">` — to the
 * app's POST /api/payments/webhooks/sandbox, and resent by the sweep until the app acknowledges it with a 2xx.
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { sandboxWebhookEvents } from '../../../db/schema/sandbox.js';
import { AppError } from '../../../lib/app-error.js';
import { signPayload, verifySignature } from '../signature.js';
import { PROVIDER_PAYMENT_STATUSES, type ProviderEvent, type WebhookDelivery } from '../types.js';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

const eventBody = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  data: z.object({
    providerRef: z.string(),
    method: z.enum(['card', 'oxxo', 'paypal']),
    status: z.enum(PROVIDER_PAYMENT_STATUSES),
    amountCents: z.number().int(),
    refundedCents: z.number().int(),
    cardBrand: z.string().nullish(),
    cardLast4: z.string().nullish(),
    failureCode: z.string().nullish(),
    challengeId: z.string().nullish(),
    reference: z.string().nullish(),
    expiresAt: z.string().nullish(),
    metadata: z.record(z.string(), z.string()),
  }),
});

/** Checks a sandbox webhook's signature and shape; throws WEBHOOK_SIGNATURE_INVALID or BAD_REQUEST. */
export function parseSandboxEvent(
  webhookKey: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): ProviderEvent {
  if (!verifySignature(webhookKey, rawBody, headers[SANDBOX_SIGNATURE_HEADER]))
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  let parsed: z.infer<typeof eventBody>;
  try {
    parsed = eventBody.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw new AppError('BAD_REQUEST');
  }
  const d = parsed.data;
  return { id: parsed.id, type: parsed.type, payment: { ...d, expiresAt: d.expiresAt ? new Date(d.expiresAt) : null } };
}

/** Sending and resending of stored events to where `connect` points (the app, in process). */
export function createOutbox(db: Db, webhookKey: string) {
  let deliver: WebhookDelivery | null = null;

  /** Sends one stored event; marks it delivered on a 2xx, else counts the attempt for a later retry. */
  async function send(eventId: string): Promise<boolean> {
    const [e] = await db.select().from(sandboxWebhookEvents).where(eq(sandboxWebhookEvents.id, eventId)).limit(1);
    if (!e || e.deliveredAt || !deliver) return Boolean(e?.deliveredAt);
    const body = JSON.stringify({ id: e.id, type: e.type, created: e.createdAt.toISOString(), data: e.payload });
    let ok = false;
    let error: string | null = null;
    try {
      const res = await deliver(body, {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signPayload(webhookKey, body),
      });
      ok = res.statusCode >= 200 && res.statusCode < 300;
      if (!ok) error = `HTTP ${res.statusCode}`;
    } catch (err) {
      error = (err as Error).message.slice(0, 500);
    }
    await db
      .update(sandboxWebhookEvents)
      .set(
        ok
          ? { deliveredAt: new Date(), attempts: sql`${sandboxWebhookEvents.attempts} + 1` }
          : { attempts: sql`${sandboxWebhookEvents.attempts} + 1`, lastError: error },
      )
      .where(eq(sandboxWebhookEvents.id, eventId));
    return ok;
  }

  return {
    send,
    connect(fn: WebhookDelivery) {
      deliver = fn;
    },
    /** Resends events not acknowledged yet (older than 5 s: younger ones may still be in their first delivery). */
    async redeliver(): Promise<number> {
      const pending = await db
        .select({ id: sandboxWebhookEvents.id })
        .from(sandboxWebhookEvents)
        .where(
          and(
            isNull(sandboxWebhookEvents.deliveredAt),
            lt(sandboxWebhookEvents.createdAt, new Date(Date.now() - 5000)),
          ),
        )
        .orderBy(asc(sandboxWebhookEvents.createdAt))
        .limit(100);
      let n = 0;
      for (const e of pending) if (await send(e.id)) n++;
      return n;
    },
  };
}
