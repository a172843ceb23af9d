/**
 * The sandbox provider's side of a payment, as tests drive it: the shopper answering 3-D Secure at the sandbox bank,
 * cash paid at the OXXO counter (signed with the operator key, as `npm run oxxo:pay` does), and a card order placed
 * and paid the way the browser does it (decision 056: the card goes to the provider, never in POST /api/pedido), whole
 * or as one item bought and paid (`buyOneItemPaid`).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CardInput, OrderView, PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';
import { deriveKey, loadAppSecret } from '../../src/server/lib/secrets.js';
import { signPayload } from '../../src/server/providers/payments/signature.js';
import { operatorPayload, SANDBOX_OPERATOR_HEADER } from '../../src/server/providers/payments/sandbox/routes.js';
import { TEST_ADDRESS } from './factories.js';

/** Pays voucher `reference` at the sandbox's OXXO counter, signed like the CLI. */
export function payVoucher(app: FastifyInstance, reference: string) {
  const key = deriveKey(loadAppSecret(app.config), 'sandbox-operator');
  return app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/oxxo/${reference}/pay`,
    headers: { [SANDBOX_OPERATOR_HEADER]: signPayload(key, operatorPayload(reference)) },
  });
}

/** The shopper's answer at the sandbox bank's 3-D Secure page. */
export function answerChallenge(app: FastifyInstance, challengeId: string, approved: boolean) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/3ds/${challengeId}`,
    payload: { approved },
  });
}

/** The sandbox's test card numbers: approved, declined (card_declined), and one that asks for 3-D Secure. */
export const TEST_CARD_NUMBERS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  challenge: '4000000000003220',
} as const;

/** A card as the shopper types it in the browser (never sent to POST /api/pedido). */
export const testCard = (number: string = TEST_CARD_NUMBERS.approved): CardInput => ({
  number,
  expMonth: 12,
  expYear: 2031,
  cvc: '123',
  holderName: 'Ana Pérez',
});

/** Who submits a checkout: the store's domain, and optionally a customer's token, language and client address. */
export interface CheckoutClient {
  store: { hostname: string };
  token?: string;
  lang?: string;
  ip?: string;
}

const clientHeaders = (c: CheckoutClient) => ({
  'x-store-domain': c.store.hostname,
  ...(c.lang ? { 'accept-language': c.lang } : {}),
  ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
});

/** POST /api/pedido exactly as the storefront sends it: `body` as given (no card data; decision 056). */
export function submitOrder(app: FastifyInstance, client: CheckoutClient, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/pedido',
    headers: clientHeaders(client),
    ...(client.ip ? { remoteAddress: client.ip } : {}),
    payload: body,
  });
}

/**
 * The browser's card step: sends `card` (or a test card number) with the order's client secret (or `clientSecret`,
 * to try another) to the sandbox's confirm URL, as the storefront's provider client does. Answers
 * `{ status, challengeId, failureCode, notified }`; the signed webhook has already told the app by then.
 */
export function confirmCardAtSandbox(
  app: FastifyInstance,
  placed: PlaceOrderResponse,
  card: CardInput | string,
  clientSecret = placed.confirmation?.clientSecret,
) {
  if (!placed.confirmation?.confirmUrl) throw new Error('the order has no card payment to confirm at the sandbox');
  return app.inject({
    method: 'POST',
    url: placed.confirmation.confirmUrl,
    payload: { clientSecret, card: typeof card === 'string' ? testCard(card) : card },
  });
}

/**
 * The storefront's return from the provider (POST /api/payments/:id/3ds with the view token): the app asks the
 * provider how the payment ended and answers the order view, or 422 PAYMENT_DECLINED.
 */
export function returnFromProvider(app: FastifyInstance, client: CheckoutClient, placed: PlaceOrderResponse) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/${placed.order.payment!.id}/3ds?viewToken=${placed.viewToken}`,
    headers: clientHeaders(client),
    payload: {},
  });
}

/**
 * The browser's steps after a 201 from POST /api/pedido: the card (default the approved test card) to the sandbox,
 * then the return to the store. Resolves to the return's response: 200 with the order view (`paid`, or `pending`
 * while 3-D Secure waits), or 422 PAYMENT_DECLINED. Throws if the sandbox refuses the confirmation itself.
 */
export async function payPlacedOrder(
  app: FastifyInstance,
  client: CheckoutClient,
  placed: PlaceOrderResponse,
  card: CardInput | string = TEST_CARD_NUMBERS.approved,
) {
  const c = await confirmCardAtSandbox(app, placed, card);
  if (c.statusCode !== 200) throw new Error(`the sandbox's confirm answered ${c.statusCode}: ${c.body}`);
  return returnFromProvider(app, client, placed);
}

/** What `payByCardInBrowserFlow` saw at each step. */
export interface BrowserCardPayment {
  /** POST /api/pedido's answer (201, with the confirmation). */
  placed: PlaceOrderResponse;
  /** The sandbox's answer to the card (`succeeded`, `failed` or `requires_action` with `challengeId`). */
  confirmed: { status: string; challengeId: string | null; failureCode: string | null; notified: boolean };
  /** The storefront's return: status 200 with the order view, or 422 PAYMENT_DECLINED. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the injected response's json(), as inject gives it
  back: { statusCode: number; body: any };
}

/**
 * Places a card order and pays it the way the browser does (decision 056): POST /api/pedido with `body` (no `card`;
 * `paymentMethod` defaults to 'card'), then the card (`opts.card`, default the approved test card) to the sandbox's
 * confirm URL, then the return to the store. With the approved card the order is paid when this resolves; a declined
 * card leaves it cancelled (back: 422 PAYMENT_DECLINED); the 3-D Secure card leaves it pending with
 * `confirmed.challengeId` (answer it with `answerChallenge`). Throws if POST /api/pedido does not answer 201 or the
 * order has no card payment to confirm; a test of a refused checkout calls `submitOrder` instead.
 */
export async function payByCardInBrowserFlow(
  app: FastifyInstance,
  client: CheckoutClient,
  body: Record<string, unknown>,
  opts: { card?: CardInput | string } = {},
): Promise<BrowserCardPayment> {
  const res = await submitOrder(app, client, { paymentMethod: 'card', ...body });
  if (res.statusCode !== 201) throw new Error(`POST /api/pedido answered ${res.statusCode}: ${res.body}`);
  const placed = res.json() as PlaceOrderResponse;
  const c = await confirmCardAtSandbox(app, placed, opts.card ?? TEST_CARD_NUMBERS.approved);
  if (c.statusCode !== 200) throw new Error(`the sandbox's confirm answered ${c.statusCode}: ${c.body}`);
  const back = await returnFromProvider(app, client, placed);
  return { placed, confirmed: c.json(), back: { statusCode: back.statusCode, body: back.json() } };
}

/**
 * A card order placed and paid with the approved test card through the browser flow (`payByCardInBrowserFlow`):
 * resolves to the paid order's view and view token; throws if any step fails or the order is not paid.
 */
export async function placePaidOrder(
  app: FastifyInstance,
  client: CheckoutClient,
  body: Record<string, unknown>,
): Promise<{ order: OrderView; viewToken: string; placed: PlaceOrderResponse }> {
  const r = await payByCardInBrowserFlow(app, client, body);
  if (r.back.statusCode !== 200 || r.back.body.status !== 'paid')
    throw new Error(`the order was not paid: ${r.back.statusCode} ${JSON.stringify(r.back.body)}`);
  return { order: r.back.body as OrderView, viewToken: r.placed.viewToken, placed: r.placed };
}

/**
 * One item bought and paid with the approved test card the way the browser does (`placePaidOrder`): `quantity`
 * (default 1) of variant `sku` of product `codigo`, sent by the economy service to the signed-in customer's saved
 * address (`to.addressId`; the customer's token in `client`) or, for a guest, to TEST_ADDRESS with `to.email`.
 * Resolves to the paid order's view; throws if any step fails or the order is not paid.
 */
export async function buyOneItemPaid(
  app: FastifyInstance,
  client: CheckoutClient,
  item: { codigo: string; sku: string; quantity?: number },
  to: { addressId: string } | { email: string },
): Promise<OrderView> {
  const { codigo, sku, quantity = 1 } = item;
  const { order } = await placePaidOrder(app, client, {
    idempotencyKey: randomUUID(),
    items: [{ codigo, sku, quantity }],
    ...('addressId' in to ? { addressId: to.addressId } : { email: to.email, address: TEST_ADDRESS }),
    shipping: { servicio: 'economico' },
  });
  return order;
}
