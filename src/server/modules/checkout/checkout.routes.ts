/**
 * HTTP routes of checkout: cart quote, placing an order, the 3-D Secure return, the OXXO voucher
 * (/micarrito/*), and the payment providers' webhooks (decision 027).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutOps as ops } from '../../../shared/routes/checkout.ops.js';
import { shippingOps } from '../../../shared/routes/shipping.ops.js';
import { route } from '../../lib/route.js';
import { AppError } from '../../lib/app-error.js';
import { baseContext, requestOrigin, storeContext } from '../../plugins/request-context.js';
import { assertWebsiteActive } from '../stores/index.js';
import * as checkout from './checkout.service.js';
import { placeOrder } from './place-order.js';
import { quoteCartShipping } from './packages.js';

/**
 * POST /api/pedido takes no card data, in any mode (decision 086): a JSON body with a `card` key (any value, even
 * null) is 422 CARD_DATA_NOT_ACCEPTED. The browser sends the card to the provider itself (decision 056).
 */
function refuseCardData(body: unknown): void {
  if (body && typeof body === 'object' && Object.hasOwn(body, 'card')) throw new AppError('CARD_DATA_NOT_ACCEPTED');
}

/** Webhook answers that count as a failed attempt of their sender (a forged or malformed notice). */
const WEBHOOK_FAILURES: ReadonlySet<string> = new Set(['WEBHOOK_SIGNATURE_INVALID', 'WEBHOOK_PAYLOAD_INVALID']);

/**
 * POST /api/payments/webhooks/:provider in its own plugin scope, where JSON bodies stay raw bytes: a provider signs
 * the exact bytes it sends, so they are checked before anything parses them. A sender whose notices failed their
 * checks WEBHOOK_FAILURES_PER_MINUTE times in a minute gets 429 RATE_LIMITED (with Retry-After) until the minute is
 * over, before anything is checked: a forged flood cannot keep the server or PayPal's verification busy (decision
 * 109). Genuine providers never fail the checks.
 */
const webhookRoutes: FastifyPluginAsync = async (app) => {
  // Counted in the shared rate-limit store (Redis when configured); `blocked` remembers locally until when.
  const countFailure = app.createRateLimit({
    max: app.config.WEBHOOK_FAILURES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `webhook-failures:${request.ip}`,
  });
  const blocked = new Map<string, number>();
  app.addHook('preHandler', async (request) => {
    const until = blocked.get(request.ip);
    if (until === undefined) return;
    const left = until - Date.now();
    if (left > 0) throw new AppError('RATE_LIMITED', { retryAfter: Math.ceil(left / 1000) });
    blocked.delete(request.ip);
  });
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof AppError) || !WEBHOOK_FAILURES.has(error.code)) return;
    const limit = await countFailure(request);
    if (limit.isAllowed || limit.remaining > 0) return;
    if (blocked.size >= 10_000) for (const [ip, until] of blocked) if (until <= Date.now()) blocked.delete(ip);
    blocked.set(request.ip, Date.now() + Math.max(1_000, limit.ttl));
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => {
    done(null, body);
  });
  route(app.withTypeProvider<ZodTypeProvider>(), ops.paymentWebhook, async (request) =>
    checkout.handlePaymentWebhook(
      baseContext(request),
      request.params.provider,
      Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      request.headers,
    ),
  );
};

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.quoteCart, async (request) => {
    const ctx = storeContext(request);
    await assertWebsiteActive(ctx);
    return checkout.quoteCart(ctx, request.body.items);
  });

  // The cart's shipping is quoted here, not in shipping: a cart with a supplier's products ships as several packages
  // (decision 135), which only checkout knows about.
  route(app, shippingOps.quoteShipping, async (request) => quoteCartShipping(storeContext(request), request.body));

  route(app, ops.checkCoupon, async (request) =>
    checkout.checkCoupon(storeContext(request), request.body.code, request.body.items),
  );

  route(
    app,
    ops.placeOrder,
    {
      // Before the body's schema and before anything is created, whatever the provider (decision 086).
      preValidation: async (request) => refuseCardData(request.body),
    },
    async (request, reply) => {
      const ctx = storeContext(request);
      await assertWebsiteActive(ctx); // A deactivated website takes no orders (decision 051)
      return reply.status(201).send(
        await placeOrder(ctx, request.body, {
          origin: requestOrigin(request),
          ip: request.ip,
        }),
      );
    },
  );

  route(app, ops.confirmThreeDSecure, async (request) =>
    checkout.confirmThreeDSecure(storeContext(request), request.params.id, request.query.viewToken),
  );

  route(app, ops.captureWalletPayment, async (request) =>
    checkout.captureWalletPayment(storeContext(request), request.params.id, request.query.viewToken),
  );

  route(app, ops.paymentClientConfig, async (request) => checkout.paymentClientConfig(baseContext(request)));

  route(app, ops.oxxoVoucher, async (request) =>
    checkout.getOxxoVoucher(storeContext(request), request.params.orderId, request.query.viewToken),
  );

  await app.register(webhookRoutes);
};
export default routes;
