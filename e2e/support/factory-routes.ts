/**
 * Test-only routes of the e2e server (e2e/support/server.ts; never registered by `src/`): they make the data one
 * browser test needs in the running server's own database, through the same factories the API tests use
 * (tests/helpers/factories.ts). e2e/factories.ts is their client.
 *
 * - POST /__e2e/stores {products?: number (0-50, default 3), codigos?: string[], catalog?: 'luma' | 'vendure',
 *   lang?: 'es' | 'en', oxxoFeeCents?: number, stock?: number} -> 201 {id, slug, hostname, products: [{codigo, name, skus,
 *   priceCents}]}: a new store on `<slug>.localhost` with the products of the committed dataset (seed-data/catalog)
 *   whose codes are given, or else its first N; no images.
 * - POST /__e2e/sellers {storeId} -> 201 {email, password, token}: an owner of that store, signed in.
 * - POST /__e2e/collaborators {storeId, permissions} -> 201 {email, password, token}: a collaborator of that store
 *   with those permissions, signed in to it.
 * - POST /__e2e/balance-release {storeId, orderId} -> 200 {released}: the test clock of the balance release — runs
 *   the release job of a delivered order now instead of BALANCE_RELEASE_DAYS after its delivery.
 * - POST /__e2e/subscription-lapse {storeId} -> 200 {status}: the test clock of the subscription (decision 061): the
 *   store's paid period ended 8 days ago with no card saved, and its renewal runs now: declined, past the grace
 *   period, so the store is suspended.
 * - POST /__e2e/marketplace-order {} -> 201 {supplier, reseller: {id, slug, hostname, seller}, order: {id, folio,
 *   viewToken, packages}, listing: {codigo}, own: {codigo}}: a supplier store with a product offered at wholesale, a reseller store that lists it and
 *   has a product of its own, and a paid card order of both (two packages: the reseller's own, then the supplier's),
 *   through tests/helpers/marketplace.ts (decisions 134, 135).
 * - POST /__e2e/reviews-publish {storeId} -> 200 {published, held}: the test clock of reviews (decision 157): the
 *   store's pending reviews are past their delay, and the publishing job runs now.
 * - POST /__e2e/operators {} -> 201 {email, password}: a new platform operator account (decision 163).
 * - POST /__e2e/badges-sweep {at, storeId?} -> 200 {lapsed, reminded, diamondGranted, diamondLost}: the test clock of badges
 *   (decision 165): the daily badges job runs as of `at` (ISO), for that store only when `storeId` is given.
 * - POST /__e2e/invoice-sweep {} -> 200 {issued}: the test clock of facturas (decision 154): the every-minute sweep
 *   that issues the facturas asked for orders paid since runs now.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import {
  createCollaboratorFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  TEST_ADDRESS,
  TEST_PASSWORD,
} from '../../tests/helpers/factories.js';

import type { SeedCatalogFile } from '../../src/server/seed/seed-catalog.js';
import type { Permission } from '../../src/shared/contracts/identity.js';
import { balanceReleaseJob } from '../../src/server/modules/orders/index.js';
import { listingFixture, offerFixture } from '../../tests/helpers/marketplace.js';
import { placePaidOrder } from '../../tests/helpers/payments.js';
import { eq, sql } from 'drizzle-orm';
import { invoiceSweepJob } from '../../src/server/modules/invoices/invoices.jobs.js';
import { reviewsPublishJob } from '../../src/server/modules/catalog/review-jobs.js';
import { productVariants, storeSubscriptions } from '../../src/server/db/schema/index.js';
import { ensureSubscription, renewSubscription } from '../../src/server/modules/subscriptions/index.js';
import { createOperatorAccount } from '../../src/server/modules/accounts/index.js';
import { badgesDailyJob } from '../../src/server/modules/operator/index.js';

const CATALOG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-data/catalog');

/** The demo catalogue files' shape, as the seed reads them. */
type Dataset = SeedCatalogFile;

const cache = new Map<string, Dataset>();
function dataset(name: 'luma' | 'vendure'): Dataset {
  if (!cache.has(name))
    cache.set(
      name,
      JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(CATALOG_DIR, `${name}.json.gz`))).toString('utf8')),
    );
  return cache.get(name)!;
}

/** Registers the factory routes (under the prefix the caller gives, `/__e2e`). */
export async function factoryRoutes(app: FastifyInstance): Promise<void> {
  app.post('/stores', async (request, reply) => {
    const body = (request.body ?? {}) as {
      products?: number;
      codigos?: string[];
      catalog?: 'luma' | 'vendure';
      lang?: 'es' | 'en';
      oxxoFeeCents?: number;
      /** Every variant's stock instead of the dataset's (a wholesale quantity). */
      stock?: number;
    };
    const data = dataset(body.catalog ?? 'luma');
    const count = Math.max(0, Math.min(50, body.products ?? 3));
    const store = await createStoreFixture(app.db, {
      lang: body.lang ?? data.lang,
      oxxoFeeCents: body.oxxoFeeCents,
    });
    const products = [];
    const chosen = body.codigos
      ? body.codigos.map((c) => data.products.find((p) => p.codigo === c)!).filter(Boolean)
      : data.products.slice(0, count);
    for (const p of chosen) {
      const dep = data.departments.find((d) => d.slug === p.department)!;
      const cat = dep.categories.find((c) => c.slug === p.category)!;
      const made = await createProductFixture(app.db, store.id, {
        codigo: p.codigo,
        name: p.name,
        shortDescription: p.shortDescription,
        description: p.description,
        usage: p.usage,
        keywords: p.keywords,
        brand: p.brand,
        minOrderQty: p.minOrderQty,
        weightGrams: p.weightGrams,
        dimensionsCm: p.dimensionsCm,
        department: { slug: dep.slug, name: dep.name },
        category: { slug: cat.slug, name: cat.name },
        variants: body.stock === undefined ? p.variants : p.variants.map((v) => ({ ...v, stock: body.stock! })),
      });
      products.push({ codigo: made.codigo, name: p.name, skus: made.skus, priceCents: p.variants[0].priceCents });
    }
    reply.code(201);
    return { ...store, products };
  });

  app.post('/sellers', async (request, reply) => {
    const { storeId } = request.body as { storeId: string };
    const seller = await createSellerFixture(app, storeId);
    reply.code(201);
    return { ...seller, password: TEST_PASSWORD };
  });

  app.post('/collaborators', async (request, reply) => {
    const { storeId, permissions } = request.body as { storeId: string; permissions: Permission[] };
    const { email, token } = await createCollaboratorFixture(app, storeId, permissions);
    reply.code(201);
    return { email, token, password: TEST_PASSWORD };
  });

  app.post('/marketplace-order', async (_request, reply) => {
    const supplier = await createStoreFixture(app.db, { name: 'Calzado León Mayoreo' });
    const reseller = await createStoreFixture(app.db, { name: 'Zapatería Centro' });
    const offer = await offerFixture(app.db, supplier.id, { wholesaleCents: 30_000, stock: 10 });
    const listing = await listingFixture(app.db, reseller.id, offer, supplier.id, 45_000);
    const own = await createProductFixture(app.db, reseller.id, {
      name: 'Bolsa de piel',
      variants: [{ sku: `OWN-${Date.now().toString(36)}`, options: {}, priceCents: 20_000, stock: 5 }],
    });
    const { order, viewToken } = await placePaidOrder(
      app,
      { store: reseller },
      {
        idempotencyKey: randomUUID(),
        email: `mkt-${Date.now().toString(36)}@example.com`,
        items: [
          { codigo: own.codigo, sku: own.skus[0], quantity: 1 },
          { codigo: listing.codigo, sku: listing.sku, quantity: 2 },
        ],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
      },
    );
    // The listing's stock mirror as the listing sync keeps it: the supplier's units left, so the store offers it.
    await app.db.update(productVariants).set({ stock: 8 }).where(eq(productVariants.productId, listing.productId));
    const supplierSeller = await createSellerFixture(app, supplier.id);
    const resellerSeller = await createSellerFixture(app, reseller.id);
    reply.code(201);
    return {
      supplier: { ...supplier, seller: { ...supplierSeller, password: TEST_PASSWORD } },
      reseller: { ...reseller, seller: { ...resellerSeller, password: TEST_PASSWORD } },
      order: { id: order.id, folio: order.folio, viewToken, packages: order.packages },
      listing: { codigo: listing.codigo },
      own: { codigo: own.codigo },
    };
  });

  app.post('/balance-release', async (request) => {
    const { storeId, orderId } = request.body as { storeId: string; orderId: string };
    return balanceReleaseJob.handler(
      { storeId, orderId },
      { db: app.db, providers: app.providers, log: app.log, config: app.config, jobId: 'e2e', retryCount: 0 },
    );
  });

  app.post('/reviews-publish', async (request) => {
    const { storeId } = request.body as { storeId: string };
    await app.db.execute(
      sql`update reviews set publish_at = now() - interval '1 second' where store_id = ${storeId} and status = 'pending'`,
    );
    return reviewsPublishJob.handler(
      {},
      { db: app.db, providers: app.providers, log: app.log, config: app.config, jobId: 'e2e', retryCount: 0 },
    );
  });

  app.post('/invoice-sweep', async () =>
    invoiceSweepJob.handler(
      {},
      { db: app.db, providers: app.providers, log: app.log, config: app.config, jobId: 'e2e', retryCount: 0 },
    ),
  );

  app.post('/operators', async (_request, reply) => {
    const email = `operador-${randomUUID().slice(0, 8)}@example.com`;
    await createOperatorAccount({ db: app.db }, { email, password: TEST_PASSWORD });
    reply.code(201);
    return { email, password: TEST_PASSWORD };
  });

  app.post('/badges-sweep', async (request) => {
    // One store's badges: the job is the platform's, and a parallel test's store must not lapse with this one.
    const { at, storeId } = request.body as { at: string; storeId?: string };
    return badgesDailyJob.handler(
      { at, storeId },
      { db: app.db, providers: app.providers, log: app.log, config: app.config, jobId: 'e2e', retryCount: 0 },
    );
  });

  app.post('/subscription-lapse', async (request) => {
    const { storeId } = request.body as { storeId: string };
    await ensureSubscription({ db: app.db, storeId });
    const now = Date.now();
    await app.db
      .update(storeSubscriptions)
      .set({
        currentPeriodEnd: new Date(now - 8 * 86_400_000),
        nextPaymentAt: new Date(now - 1000),
        paymentToken: null,
      })
      .where(eq(storeSubscriptions.storeId, storeId));
    const out = await renewSubscription({ db: app.db, providers: app.providers, storeId });
    return { status: out.result === 'failed' ? out.status : out.result };
  });
}
