/**
 * Data factories for browser tests: each test makes what it needs instead of leaning on (and changing) the demo
 * seed. They call the running e2e server over HTTP: the public API for buyers, sign-ins and orders, and the test-only
 * `/__e2e/` routes (e2e/support/factory-routes.ts) for what has no public API yet (a store, its products, a seller).
 * Money in integer centavos. Every call throws with the server's answer when it is not the expected status.
 */
import { randomUUID } from 'node:crypto';
import { apiUrl, storeUrl } from './urls';
import { COMPLETE_COMPANY_PROFILE } from '../tests/helpers/company-profile';

/** A signed-in user: the bearer token the web app keeps in localStorage. */
export interface Session {
  email: string;
  password: string;
  token: string;
}

/** A factory store on `<slug>.localhost` with products from seed-data/catalog (no images). */
export interface StoreFixture {
  id: string;
  slug: string;
  hostname: string;
  products: { codigo: string; name: string; skus: string[]; priceCents: number }[];
  /** A page of this store. */
  url: (path?: string) => string;
}

/** A valid Mexican address (Roma Norte, CDMX) for order bodies. */
export const E2E_ADDRESS = {
  fullName: 'María López',
  street: 'Calle Colima',
  exteriorNumber: '123',
  postalCode: '06700',
  state: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  city: 'Ciudad de México',
  neighborhood: 'Roma Norte',
  phone: '55 1234 5678',
};
/** The sandbox card that is approved (README.md lists the others). */
export const CARD_OK = { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123', holderName: 'Ana Pérez' };
const BUYER_PASSWORD = 'Jardín-Original-77';

async function call<T>(
  path: string,
  init: { body?: unknown; host?: string; token?: string; method?: 'POST' | 'PUT' },
  ok: number,
): Promise<T> {
  const res = await fetch(apiUrl(path), {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.host ? { 'x-store-domain': init.host } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.body ?? {}),
  });
  if (res.status !== ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

let counter = 0;
const uniq = () => `${Date.now().toString(36)}${(counter++).toString(36)}${process.pid.toString(36)}`;

export const factories = {
  /**
   * A new store with the products of the Spanish (luma, default) or English (vendure) dataset whose `codigos` are
   * given, or else its first `products` (default 3; the first ones have 15 size/colour variants each).
   */
  async store(
    opts: {
      products?: number;
      codigos?: string[];
      catalog?: 'luma' | 'vendure';
      lang?: 'es' | 'en';
      oxxoFeeCents?: number;
      /** Every variant's stock instead of the dataset's. */
      stock?: number;
    } = {},
  ): Promise<StoreFixture> {
    const s = await call<Omit<StoreFixture, 'url'>>('/__e2e/stores', { body: opts }, 201);
    return { ...s, url: (path = '/') => storeUrl(s.slug, path) };
  },

  /** Completes the seller's store's company profile, so the seller may create products. */
  async companyProfile(seller: Session): Promise<void> {
    for (const [section, body] of Object.entries(COMPLETE_COMPANY_PROFILE))
      await call(`/api/proveedor/company_profile/${section}`, { method: 'PUT', token: seller.token, body }, 200);
  },

  /** An owner of the store, signed in to the admin. */
  async seller(store: { id: string }): Promise<Session> {
    return call<Session>('/__e2e/sellers', { body: { storeId: store.id } }, 201);
  },

  /** A collaborator of the store with `permissions`, signed in to the admin on it. */
  async collaborator(
    store: { id: string },
    permissions: ('catalog' | 'orders' | 'money' | 'settings')[],
  ): Promise<Session> {
    return call<Session>('/__e2e/collaborators', { body: { storeId: store.id, permissions } }, 201);
  },

  /** A new customer of the store with that slug (default demo), registered and signed in through the public API. */
  async buyer(slug = 'demo'): Promise<Session> {
    const email = `buyer-${uniq()}@example.com`;
    const r = await call<{ token: string }>(
      '/api/auth/register',
      {
        host: `${slug}.localhost`,
        body: { fullName: 'Compradora Prueba', email, password: BUYER_PASSWORD, passwordConfirm: BUYER_PASSWORD },
      },
      201,
    );
    return { email, password: BUYER_PASSWORD, token: r.token };
  },

  /** Signs an existing user in through the API: a customer of `slug`'s store, or a seller ('admin'). */
  async signIn(where: 'admin' | { slug: string }, email: string, password: string): Promise<Session> {
    const r =
      where === 'admin'
        ? await call<{ token: string }>('/api/admin/login', { body: { email, password } }, 200)
        : await call<{ token: string }>(
            '/api/auth/login',
            { host: `${where.slug}.localhost`, body: { email, password } },
            200,
          );
    return { email, password, token: r.token };
  },

  /**
   * A marketplace order (decision 135): a supplier store ("Calzado León Mayoreo") whose product a reseller store
   * ("Zapatería Centro") lists, and a paid order of 2 of it plus 1 of the reseller's own product, so two packages:
   * 1 the reseller's own, 2 the supplier's. Each store's owner comes signed in (`seller`); the order with its view token.
   */
  async marketplaceOrder(): Promise<MarketplaceOrder> {
    return call('/__e2e/marketplace-order', {}, 201);
  },

  /** Runs a delivered order's balance release now (the test clock of BALANCE_RELEASE_DAYS). */
  async releaseBalance(store: { id: string }, orderId: string): Promise<{ released: number }> {
    return call('/__e2e/balance-release', { body: { storeId: store.id, orderId } }, 200);
  },

  /** The store's pending reviews past their delay, and the publishing job run now (decision 157). */
  async publishReviews(store: { id: string }): Promise<{ published: number; held: number }> {
    return call('/__e2e/reviews-publish', { body: { storeId: store.id } }, 200);
  },

  /** The facturas' every-minute sweep, now: facturas asked for orders paid since are issued (decision 154). */
  async issueInvoices(): Promise<{ issued: number }> {
    return call('/__e2e/invoice-sweep', {}, 200);
  },

  /** A new platform operator account (decision 163): email and password for /operador/login. */
  async operator(): Promise<{ email: string; password: string }> {
    return call('/__e2e/operators', {}, 201);
  },

  /** Runs the daily badges job as of `at` (the test clock of badges, decision 165). */
  async badgesSweep(at: Date, store?: { id: string }): Promise<{ lapsed: number; reminded: number }> {
    return call('/__e2e/badges-sweep', { body: { at: at.toISOString(), storeId: store?.id } }, 200);
  },

  /**
   * The seller uploads the company's three documents (PDF, purpose document), saves them in the company profile and
   * asks for the verified badge with each document's expiry date (`YYYY-MM-DD`), through the seller API.
   */
  async verifiedBadgeRequest(
    seller: Session,
    expiries: { business_licence: string; tax_registration: string; proof_of_address: string },
  ): Promise<{ id: string }> {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
      const res = await fetch(apiUrl('/api/proveedor/files?purpose=document'), {
        method: 'POST',
        headers: { authorization: `Bearer ${seller.token}` },
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      const f = (await res.json()) as { id: string; url: string };
      return { id: f.id, url: f.url };
    };
    const [licence, tax, address] = [
      await upload('licencia.pdf'),
      await upload('rfc.pdf'),
      await upload('domicilio.pdf'),
    ];
    await call(
      '/api/proveedor/company_profile/export',
      {
        method: 'PUT',
        token: seller.token,
        body: {
          deliveryTerms: ['FOB'],
          businessLicenceNumber: 'LIC-2026-001',
          taxRegistrationNumber: 'CAL260101AB1',
          businessLicenceFile: licence,
          taxRegistrationFile: tax,
          proofOfAddressFile: address,
        },
      },
      200,
    );
    return call('/api/proveedor/badges/verified', { token: seller.token, body: { expiries } }, 201);
  },

  /** Lapses the store's subscription now: its renewal is declined past the grace period, the store is suspended. */
  async lapseSubscription(store: { id: string }): Promise<{ status: string }> {
    return call('/__e2e/subscription-lapse', { body: { storeId: store.id } }, 200);
  },

  /**
   * A paid card order (economy shipping to E2E_ADDRESS) of `quantity` of the store's first product, or of `line`, paid
   * the way the browser pays it (decision 056; POST /api/pedido takes no card, decision 086): the order is submitted
   * without a card, CARD_OK goes to the sandbox's confirm URL with the answer's client secret, then the return to the
   * store (POST /api/payments/:id/3ds) reads the outcome. Resolves to the paid order and its view token; throws when a
   * step answers otherwise or the order is not paid.
   */
  async order(
    store: StoreFixture,
    opts: {
      email?: string;
      buyer?: Session;
      quantity?: number;
      line?: { codigo: string; sku: string };
      couponCode?: string;
    } = {},
  ): Promise<{ order: PaidOrder; viewToken: string }> {
    const p = store.products[0];
    const line = opts.line ?? { codigo: p.codigo, sku: p.skus[0] };
    const placed = await call<{
      order: { id: string; payment: { id: string } | null };
      viewToken: string;
      confirmation: { clientSecret: string; confirmUrl: string | null } | null;
    }>(
      '/api/pedido',
      {
        host: store.hostname,
        token: opts.buyer?.token,
        body: {
          idempotencyKey: randomUUID(),
          ...(opts.buyer ? {} : { email: opts.email ?? `guest-${uniq()}@example.com` }),
          address: E2E_ADDRESS,
          items: [{ ...line, quantity: opts.quantity ?? 1 }],
          shipping: { servicio: 'economico' },
          paymentMethod: 'card',
          ...(opts.couponCode ? { couponCode: opts.couponCode } : {}),
        },
      },
      201,
    );
    const { confirmation, viewToken } = placed;
    if (!confirmation?.confirmUrl || !placed.order.payment)
      throw new Error(`/api/pedido answered no sandbox confirmation: ${JSON.stringify(placed)}`);
    // The browser's card step, at the provider (the sandbox's confirm URL), not at our API.
    const confirmed = await call<{ status: string }>(
      confirmation.confirmUrl,
      { body: { clientSecret: confirmation.clientSecret, card: CARD_OK } },
      200,
    );
    if (confirmed.status !== 'succeeded') throw new Error(`the sandbox answered ${JSON.stringify(confirmed)}`);
    // The return to the store, with the view token (as the checkout page does after the provider).
    const order = await call<PaidOrder>(
      `/api/payments/${placed.order.payment.id}/3ds?viewToken=${encodeURIComponent(viewToken)}`,
      { host: store.hostname, token: opts.buyer?.token, body: {} },
      200,
    );
    if (order.status !== 'paid') throw new Error(`the order was not paid: ${JSON.stringify(order)}`);
    return { order, viewToken };
  },
};

export type Factories = typeof factories;

/** What `factories.marketplaceOrder` made. */
export interface MarketplaceOrder {
  supplier: { id: string; slug: string; hostname: string; seller: Session };
  reseller: { id: string; slug: string; hostname: string; seller: Session };
  order: {
    id: string;
    folio: number;
    viewToken: string;
    packages: { id: string; number: number; own: boolean; status: string; skus: string[] }[];
  };
  /** The reseller's listing of the supplier's product, and its own product. */
  listing: { codigo: string };
  own: { codigo: string };
}

/** The paid order as the store's return answers it (the order view's amounts in centavos). */
export interface PaidOrder {
  id: string;
  folio: string;
  status: string;
  itemsCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}
