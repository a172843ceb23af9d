/**
 * Two stores, A and B, each with what an attacker from the other would want: a product, a seller, a buyer with a saved
 * address, a paid card order, a pending OXXO voucher and a 3-D Secure payment waiting for its answer. Everything is
 * created through the real routes and services. Each store also lists its markers: strings that only its own people
 * may ever see (private) or that only its own storefront may show (public).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { catalogOffers } from '../../src/server/db/schema/index.js';
import type { Db } from '../../src/server/db/client.js';
import { createUser } from '../../src/server/modules/accounts/index.js';
import { createJobProgress } from '../../src/server/jobs/index.js';
import { createProductFixture, createStoreFixture, TEST_ADDRESS, type StoreFixture } from '../helpers/factories.js';
import { TEST_PDF, testImage, uploadAs } from '../helpers/uploads.js';
import { confirmCardAtSandbox, payPlacedOrder, placePaidOrder } from '../helpers/payments.js';
import { listingFixture, offerFixture } from '../helpers/marketplace.js';

export interface StoreWorld extends StoreFixture {
  name: string;
  codigo: string;
  sku: string;
  productName: string;
  seller: { email: string; password: string; token: string };
  buyer: { email: string; password: string; token: string; fullName: string };
  addressId: string;
  street: string;
  orderIds: { card: string; oxxo: string; threeDs: string };
  paymentIds: { card: string; oxxo: string; threeDs: string };
  reference: string;
  challengeId: string;
  /** A search synonym group of the seller's (GET/PUT/DELETE /api/admin/search/synonyms/:id). */
  synonymId: string;
  /** A background job's progress row of the store (GET /api/admin/jobs/:id). */
  jobId: string;
  /** A coupon of the store (PUT /api/admin/coupons/:id). */
  couponId: string;
  /** The buyer's quote request, answered by the seller (/api/cotizaciones/:id, /api/admin/quotes/:id). */
  quoteId: string;
  /** An upload of the store (GET /api/proveedor/files/:id) and a private document (…/:id/content). */
  fileIds: string[];
  /** The guest view token of the OXXO order (a secret of its buyer). */
  viewToken: string;
  guestEmail: string;
  /**
   * Marketplace packages (linkMarketplace): the store's own package of its marketplace order, and the package it
   * ships as the other store's supplier (its purchase order).
   */
  packageIds: { own: string; supplied: string };
  /** The store's listing of the other store's offer, and an offer of its own that is not published. */
  listingId: string;
  unpublishedOfferId: string;
  /** A custom domain the store added (pending validation): its id and host name are the store's own business. */
  domainId: string;
  customDomain: string;
  /** A job application sent through the store's public form (/api/admin/job-applications/:id, …/:id/cv). */
  jobApplicationId: string;
  /** Its applicant's email: only the store's owners may see it. */
  applicantEmail: string;
  /** Strings no one outside this store may receive. */
  privateMarkers: string[];
  /** Strings only this store's storefront may show (its public catalogue). */
  publicMarkers: string[];
}

async function json(app: FastifyInstance, opts: InjectOptions, status: number) {
  const res = await app.inject(opts);
  if (res.statusCode !== status) throw new Error(`${opts.method} ${opts.url} → ${res.statusCode} ${res.body}`);
  return res.json();
}

/** One store with its people, address, orders and payments, all created through the API. */
export async function createStoreWorld(app: FastifyInstance, db: Db, label: 'A' | 'B'): Promise<StoreWorld> {
  const tag = `${label}${randomBytes(4).toString('hex')}`;
  const name = `Tienda ${tag}`;
  const store = await createStoreFixture(db, { name });
  const codigo = `SEC${tag}`.toUpperCase();
  const productName = `Producto secreto ${tag}`;
  await createProductFixture(db, store.id, {
    codigo,
    name: productName,
    variants: [{ sku: `${codigo}-1`, options: {}, priceCents: 10_000, stock: 500 }],
  });
  const h = { 'x-store-domain': store.hostname };

  const seller = { email: `vendedor-${tag}@example.com`, password: `Clave-${randomUUID()}`, token: '' };
  await createUser({ db }, { storeId: store.id, role: 'owner', ...seller, fullName: `Vendedor ${tag}` });
  seller.token = (await json(app, { method: 'POST', url: '/api/admin/login', payload: seller }, 200)).token;

  const buyer = { email: `cliente-${tag}@example.com`, password: `Clave-${randomUUID()}`, token: '', fullName: '' };
  buyer.fullName = `Cliente ${tag}`;
  const registered = await json(
    app,
    {
      method: 'POST',
      url: '/api/auth/register',
      headers: h,
      payload: { ...buyer, passwordConfirm: buyer.password },
    },
    201,
  );
  buyer.token = registered.token;
  const asBuyer = { ...h, authorization: `Bearer ${buyer.token}` };
  const street = `Calle privada ${tag}`;
  const address = await json(
    app,
    {
      method: 'POST',
      url: '/api/addresses',
      headers: asBuyer,
      payload: { ...TEST_ADDRESS, street, fullName: buyer.fullName },
    },
    201,
  );

  const order = (headers: Record<string, string>, payload: object) =>
    json(
      app,
      {
        method: 'POST',
        url: '/api/pedido',
        headers,
        payload: {
          idempotencyKey: randomUUID(),
          items: [{ codigo, sku: `${codigo}-1`, quantity: 1 }],
          shipping: { servicio: 'economico' },
          ...payload,
        },
      },
      201,
    );
  // Cards are paid the way the browser pays them: the order, then the card at the sandbox (decision 056).
  const card = { expMonth: 12, expYear: 2035, cvc: '123', holderName: buyer.fullName };
  const paid = await order(asBuyer, { addressId: address.id, paymentMethod: 'card' });
  const paidBack = await payPlacedOrder(app, { store, token: buyer.token }, paid, {
    ...card,
    number: '4242424242424242',
  });
  if (paidBack.json().status !== 'paid') throw new Error(`the card order was not paid: ${paidBack.body}`);
  const synonyms = await json(
    app,
    {
      method: 'POST',
      url: '/api/admin/search/synonyms',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { terms: [`secreto${tag.toLowerCase()}`, `oculto${tag.toLowerCase()}`] },
    },
    201,
  );
  const coupon = await json(
    app,
    {
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { code: `SECRETO${tag}`.toUpperCase(), kind: 'percent', value: 10 },
    },
    201,
  );
  const quote = await json(
    app,
    {
      method: 'POST',
      url: '/api/cotizaciones',
      headers: asBuyer,
      payload: {
        codigo,
        destinationCountry: 'MX',
        destinationCity: `Ciudad ${tag}`,
        quantity: 5,
        services: { freight: true, insurance: false, customs: false, delivery: false, consulting: false },
        note: `Nota privada ${tag}`,
      },
    },
    201,
  );
  await json(
    app,
    {
      method: 'PUT',
      url: `/api/admin/quotes/${quote.id}`,
      headers: { authorization: `Bearer ${seller.token}` },
      payload: {
        tiers: [{ quantity: 5, unitPriceCents: 9_000 }],
        leadTimeDays: 7,
        incoterm: 'EXW',
        services: [{ service: 'freight', priceCents: 5_000 }],
        dutyRateBps: null,
        validUntil: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      },
    },
    200,
  );
  const photo = (await uploadAs(app, seller.token, 'product_photo', await testImage(400, 400))).json();
  const document = (await uploadAs(app, seller.token, 'document', Buffer.from('%PDF-1.4\n%%EOF\n'), 'acta.pdf')).json();
  const customDomain = `secreto-${tag}.test`.toLowerCase();
  const domain = await json(
    app,
    {
      method: 'POST',
      url: '/api/admin/domains',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { hostname: customDomain },
    },
    201,
  );
  const guestEmail = `invitado-${tag}@example.com`;
  const oxxo = await order(h, { email: guestEmail, address: { ...TEST_ADDRESS, street }, paymentMethod: 'oxxo' });
  const threeDs = await order(asBuyer, { addressId: address.id, paymentMethod: 'card' });
  const challenge = (await confirmCardAtSandbox(app, threeDs, { ...card, number: '4000000000003220' })).json();
  if (challenge.status !== 'requires_action') throw new Error(`no 3-D Secure challenge: ${JSON.stringify(challenge)}`);

  // A shopper's job application with a CV, through the public form on the store's domain (decision 168).
  const applicantEmail = `aplicante-${tag}@example.com`.toLowerCase();
  const applicationForm = new FormData();
  for (const [k, v] of Object.entries({
    fullName: `Aplicante ${tag}`,
    email: applicantEmail,
    phone: '55 1234 5678',
    position: 'Vendedora',
    letter: 'Tengo experiencia atendiendo clientes en tiendas.',
    consent: 'true',
  }))
    applicationForm.append(k, v);
  applicationForm.append('file', new Blob([new Uint8Array(TEST_PDF)], { type: 'application/pdf' }), 'cv.pdf');
  const applicationRequest = new Request('http://localhost/', { method: 'POST', body: applicationForm });
  const application = await json(
    app,
    {
      method: 'POST',
      url: '/api/bolsa_trabajo',
      headers: { 'content-type': applicationRequest.headers.get('content-type')!, 'x-store-domain': store.hostname },
      payload: Buffer.from(await applicationRequest.arrayBuffer()),
    },
    201,
  );

  const world: Omit<StoreWorld, 'privateMarkers' | 'publicMarkers'> = {
    ...store,
    name,
    codigo,
    sku: `${codigo}-1`,
    productName,
    seller,
    buyer,
    addressId: address.id,
    street,
    orderIds: { card: paid.order.id, oxxo: oxxo.order.id, threeDs: threeDs.order.id },
    paymentIds: { card: paid.order.payment.id, oxxo: oxxo.order.payment.id, threeDs: threeDs.order.payment.id },
    reference: oxxo.order.payment.reference,
    challengeId: challenge.challengeId,
    synonymId: synonyms.id,
    jobId: await createJobProgress(db, store.id, 'catalog-import', 10),
    couponId: coupon.id,
    quoteId: quote.id,
    fileIds: [photo.id, document.id],
    viewToken: oxxo.viewToken,
    guestEmail,
    packageIds: { own: '', supplied: '' },
    listingId: '',
    unpublishedOfferId: '',
    domainId: domain.id,
    customDomain,
    jobApplicationId: application.id,
    applicantEmail,
  };
  return {
    ...world,
    privateMarkers: [
      store.id,
      seller.email,
      seller.token,
      buyer.email,
      buyer.token,
      buyer.fullName,
      guestEmail,
      street,
      world.addressId,
      world.reference,
      world.challengeId,
      world.synonymId,
      world.jobId,
      world.couponId,
      world.quoteId,
      `Nota privada ${tag}`,
      world.domainId,
      world.customDomain,
      world.jobApplicationId,
      world.applicantEmail,
      ...world.fileIds,
      world.viewToken,
      ...Object.values(world.orderIds),
      ...Object.values(world.paymentIds),
    ],
    publicMarkers: [codigo, productName, name, store.hostname],
  };
}

/** Tables with a store_id column, from the catalogue (so new tables join by themselves); read once per database. */
const tablesByDb = new WeakMap<Db, Promise<string[]>>();
function storeTables(db: Db): Promise<string[]> {
  if (!tablesByDb.has(db))
    tablesByDb.set(
      db,
      db
        .execute(
          sql`select distinct table_name from information_schema.columns where column_name = 'store_id' and table_schema = 'public' order by 1`,
        )
        .then((r) => (r as unknown as { rows: { table_name: string }[] }).rows.map((x) => x.table_name)),
    );
  return tablesByDb.get(db)!;
}

/** Every row a store owns, in every table with a store_id, plus its stores row: `{ table: { id: rowJson } }`. */
export async function snapshotStore(db: Db, storeId: string): Promise<Record<string, Record<string, string>>> {
  const parts = (await storeTables(db)).map(
    (table) =>
      sql`select ${table} as t, to_jsonb(x)::text as row from ${sql.identifier(table)} x where store_id = ${storeId}`,
  );
  parts.push(sql`select 'stores' as t, to_jsonb(x)::text as row from stores x where id = ${storeId}`);
  const res = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { t: string; row: string }[];
  };
  const out: Record<string, Record<string, string>> = {};
  for (const { t, row } of res.rows) {
    const id = (JSON.parse(row) as { id?: string }).id ?? row;
    (out[t] ??= {})[id] = row;
  }
  return out;
}

/**
 * Makes each store the other's supplier (decision 134): A lists one of B's products and B one of A's, and each sells
 * a paid marketplace order of its own product and the listing. The supplier then sees a purchase order of the other
 * store's order: the reseller's name, its lines at wholesale and the ship-to (a recipient and street that are not the
 * reseller's markers, as decision 134 lets them cross), and nothing else: the order, its payment, the shopper's email
 * and the reseller's product are added to the reseller's private markers.
 */
export async function linkMarketplace(app: FastifyInstance, db: Db, a: StoreWorld, b: StoreWorld): Promise<void> {
  for (const [reseller, supplier] of [
    [a, b],
    [b, a],
  ] as const) {
    const offer = await offerFixture(db, supplier.id, { stock: 50 });
    const listing = await listingFixture(db, reseller.id, offer, supplier.id);
    const email = `marketplace-${randomBytes(4).toString('hex')}@example.com`;
    const { order } = await placePaidOrder(
      app,
      { store: reseller },
      {
        idempotencyKey: randomUUID(),
        email,
        items: [
          { codigo: reseller.codigo, sku: reseller.sku, quantity: 1 },
          { codigo: listing.codigo, sku: listing.sku, quantity: 1 },
        ],
        address: { ...TEST_ADDRESS, fullName: 'Destinatario Marketplace', street: 'Calle del Envío' },
        shipping: { servicio: 'economico' },
      },
    );
    reseller.packageIds.own = order.packages.find((p) => p.own)!.id;
    supplier.packageIds.supplied = order.packages.find((p) => !p.own)!.id;
    reseller.privateMarkers.push(order.id, order.payment!.id, email, reseller.packageIds.own);
    reseller.listingId = listing.listingId;
    reseller.privateMarkers.push(listing.listingId);
    const withdrawn = await offerFixture(db, supplier.id);
    await db.update(catalogOffers).set({ status: 'unpublished' }).where(eq(catalogOffers.id, withdrawn.offerId));
    supplier.unpublishedOfferId = withdrawn.offerId;
    supplier.privateMarkers.push(withdrawn.offerId);
  }
}
