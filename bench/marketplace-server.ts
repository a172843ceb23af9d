/**
 * The marketplace benchmark's server (child process of bench/marketplace.ts): a fresh database, BENCH_MARKET_SUPPLIERS
 * supplier stores of BENCH_MARKET_PRODUCTS published products each (the benchmark catalogue's names, recombined), a
 * reseller with 1,000 listings made through the listings service, and BENCH_MARKET_RESELLERS (1,000) more stores
 * listing one supplier product. Serves the app on an ephemeral port and prints `READY <json>`; POST /bench/propagate
 * changes that product's stock and answers how long until every listing's copy, then a sample of their storefront
 * answers, shows it.
 */
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { createStore } from '../src/server/modules/stores/index.js';
import { createUser } from '../src/server/modules/accounts/index.js';
import { saveCompanySection, setSupplierEnabled } from '../src/server/modules/company/index.js';
import {
  bulkInsertProducts,
  createProduct,
  upsertCategory,
  upsertDepartment,
  type NewProduct,
} from '../src/server/modules/catalog/index.js';
import { createListing } from '../src/server/modules/marketplace/listing-create.js';
import { insertDemoListings, refreshOffers } from '../src/server/modules/marketplace/index.js';
import { catalogOffers, listingVariants, productVariants } from '../src/server/db/schema/index.js';
import { readCatalog } from '../src/server/seed/seed-catalog.js';
import { COMPLETE_COMPANY_PROFILE } from '../tests/helpers/company-profile.js';
import type { Db } from '../src/server/db/client.js';
import { openBenchDatabase } from './fresh-postgres.js';

const SUPPLIERS = Number(process.env.BENCH_MARKET_SUPPLIERS ?? 500);
const PER_SUPPLIER = Number(process.env.BENCH_MARKET_PRODUCTS ?? 200);
const RESELLERS = Number(process.env.BENCH_MARKET_RESELLERS ?? 1000);
const PASSWORD = 'Bench-Mercado-2026';

type Propagation = { source?: typeof productVariants.$inferSelect };
type Host = { host: string; codigo: string };

/** The suppliers and their published offers (the long part of a run: about 20 minutes on PostgreSQL). */
async function seedSuppliers(db: Db): Promise<{ supplierIds: string[]; departments: Set<string> }> {
  const started = Date.now();
  // Suppliers: departments from the demo catalogues, products recombined, every product published at 60 %.
  const sources = [readCatalog('luma'), readCatalog('vendure')];
  const templates = sources.flatMap((c) =>
    c.products.map((p) => ({ p, dep: c.departments.find((d) => d.slug === p.department)! })),
  );
  const adjectives = ['Pro', 'Max', 'Lite', 'Plus', 'Eco', 'Ultra', 'Sport', 'Urban', 'Classic', 'Trail'];
  const supplierIds: string[] = [];
  const departments = new Set<string>();
  for (let s = 0; s < SUPPLIERS; s++) {
    const { id: storeId } = await createStore(
      { db },
      { slug: `prov${s}`, name: `Proveedor ${s}`, lang: 'es', hostnames: [`prov${s}.localhost`] },
    );
    supplierIds.push(storeId);
    const ids = new Map<string, { departmentId: string; categoryId: string }>();
    const items: (NewProduct & { departmentId: string; categoryId: string })[] = [];
    for (let i = 0; i < PER_SUPPLIER; i++) {
      const n = s * PER_SUPPLIER + i;
      const { p, dep } = templates[n % templates.length]!;
      const key = `${p.department}/${p.category}`;
      if (!ids.has(key)) {
        const departmentId = await upsertDepartment({ db, storeId }, dep);
        const cat = dep.categories.find((c) => c.slug === p.category)!;
        ids.set(key, { departmentId, categoryId: await upsertCategory({ db, storeId }, departmentId, cat) });
        departments.add(dep.name);
      }
      const price = p.priceCents + ((n * 1300) % 50_000);
      items.push({
        ...ids.get(key)!,
        codigo: `M${String(n).padStart(7, '0')}`,
        name: `${p.name} ${adjectives[n % adjectives.length]} ${Math.floor(n / templates.length) + 1}`,
        shortDescription: p.shortDescription,
        description: p.description.slice(0, 600),
        usage: p.usage,
        keywords: p.keywords,
        brand: p.brand,
        attributes: p.attributes,
        specifications: p.specifications,
        imageUrl: null,
        createdAt: new Date(Date.now() - n * 60_000),
        variants: [{ sku: `M${n}-0`, options: {}, priceCents: price, stock: 5 + (n % 40) }],
      });
    }
    await bulkInsertProducts({ db, storeId }, items);
    // Published as the offers service would write them (decision 134), then their search snapshot (decision 137).
    await db.execute(sql`insert into catalog_offers (store_id, product_id, suggested_retail_cents, wholesale_from_cents)
      select store_id, id, price_cents, greatest(1, price_cents * 6 / 10) from products where store_id = ${storeId}`);
    await db.execute(sql`insert into catalog_offer_variants (store_id, offer_id, variant_id, wholesale_cents)
      select o.store_id, o.id, v.id, greatest(1, v.price_cents * 6 / 10)
      from catalog_offers o join product_variants v on v.product_id = o.product_id and v.store_id = o.store_id
      where o.store_id = ${storeId}`);
    await setSupplierEnabled({ db, storeId }, true);
    await refreshOffers({ db }, storeId, null);
    if (s % 50 === 49) console.error(`  ${s + 1} suppliers seeded (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  return { supplierIds, departments };
}

/**
 * The reseller (an owner with a complete profile and 1,000 listings of different suppliers' products), then
 * RESELLERS stores that each list the first supplier's first product: fills `the.source` and `hosts`. Answers how
 * long the 1,000 listings took.
 */
async function seedResellers(db: Db, supplierIds: string[], the: Propagation, hosts: Host[]): Promise<number> {
  const { id: resellerId } = await createStore(
    { db },
    { slug: 'revende', name: 'Revende', lang: 'es', hostnames: ['revende.localhost'] },
  );
  await createUser(
    { db },
    { storeId: resellerId, role: 'owner', email: 'bench@revende.mx', password: PASSWORD, fullName: 'Bench' },
  );
  const ctx = { db, storeId: resellerId, locale: 'es' as const };
  for (const [section, body] of Object.entries(COMPLETE_COMPANY_PROFILE))
    await saveCompanySection(ctx, section as never, body as never);
  const offers = (await db.execute(sql`select distinct on (o.store_id) o.id, v.variant_id, v.wholesale_cents
      from catalog_offers o join catalog_offer_variants v on v.offer_id = o.id order by o.store_id, o.id`)) as unknown as {
    rows: { id: string; variant_id: string; wholesale_cents: string }[];
  };
  const more = (await db.execute(sql`select o.id, v.variant_id, v.wholesale_cents
      from catalog_offers o join catalog_offer_variants v on v.offer_id = o.id order by o.id limit 1000`)) as unknown as {
    rows: { id: string; variant_id: string; wholesale_cents: string }[];
  };
  const chosen = [...new Map([...offers.rows, ...more.rows].map((o) => [o.id, o])).values()].slice(0, 1000);
  const t0 = Date.now();
  for (const o of chosen)
    await createListing(ctx, {
      offerId: o.id,
      variants: [{ sourceVariantId: o.variant_id, retailCents: Math.ceil(Number(o.wholesale_cents) * 1.6) }],
      titleOverride: null,
      descriptionOverride: null,
      taxonomy: null,
    });
  const listingsCreatedSeconds = +((Date.now() - t0) / 1000).toFixed(1);

  // RESELLERS stores each listing the first supplier's first product (its copy and the listing rows, as created).
  const [target] = (await db
    .select({ id: catalogOffers.id, productId: catalogOffers.productId, storeId: catalogOffers.storeId })
    .from(catalogOffers)
    .where(eq(catalogOffers.storeId, supplierIds[0]!))
    .limit(1)) as { id: string; productId: string; storeId: string }[];
  the.source = (await db.select().from(productVariants).where(eq(productVariants.productId, target!.productId)))[0];
  for (let i = 0; i < RESELLERS; i++) {
    const { id: storeId } = await createStore(
      { db },
      { slug: `tienda${i}`, name: `Tienda ${i}`, lang: 'es', hostnames: [`tienda${i}.localhost`] },
    );
    const codigo = `COPIA${i}`;
    const made = await createProduct(
      { db, storeId },
      {
        codigo,
        name: `Copia ${i}`,
        variants: [
          { sku: `COPIA${i}-0`, options: {}, priceCents: the.source!.priceCents * 2, stock: the.source!.stock },
        ],
      },
    );
    await insertDemoListings({ db, storeId }, [
      {
        offerId: target!.id,
        supplierStoreId: target!.storeId,
        productId: made.id,
        variants: [
          {
            variantId: made.variantIds[0]!,
            sourceVariantId: the.source!.id,
            acceptedWholesaleCents: the.source!.priceCents,
          },
        ],
      },
    ]);
    hosts.push({ host: `tienda${i}.localhost`, codigo });
  }
  return listingsCreatedSeconds;
}

/** What an earlier run seeded in the database (BENCH_MARKET_REUSE=1), or null when it holds no complete run. */
async function readSeeded(
  db: Db,
  the: Propagation,
  hosts: Host[],
): Promise<{ supplierIds: string[]; departments: Set<string> } | null> {
  const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as { rows: T[] };
  const reseller = await rows<{ n: number }>(sql`select count(*)::int as n from stores where slug = 'revende'`);
  const stores = await rows<{ id: string; slug: string }>(
    sql`select id, slug from stores where slug like 'prov%' order by created_at`,
  );
  if (!reseller.rows[0]?.n || !stores.rows.length) return null;
  const deps = await rows<{ name: string }>(
    sql`select distinct department_name as name from catalog_offers where department_name is not null`,
  );
  const copies = await rows<{
    slug: string;
    codigo: string;
    source: string;
  }>(sql`select s.slug, p.codigo, lv.source_variant_id as source
      from stores s join products p on p.store_id = s.id join listing_variants lv on lv.store_id = s.id
      where s.slug like 'tienda%'`);
  if (!copies.rows.length) return null;
  the.source = (await db.select().from(productVariants).where(eq(productVariants.id, copies.rows[0]!.source)))[0];
  for (const c of copies.rows) hosts.push({ host: `${c.slug}.localhost`, codigo: c.codigo });
  return { supplierIds: stores.rows.map((r) => r.id), departments: new Set(deps.rows.map((r) => r.name)) };
}

async function main(): Promise<void> {
  const reuse = process.env.BENCH_MARKET_REUSE === '1';
  const { dataDir, config, database } = await openBenchDatabase('vitrina-market-', {}, { reuse });
  const db = database.db;
  const started = Date.now();
  // Filled by the seeding (or read from an earlier run's), once the stores that list the product exist.
  const the: Propagation = {};
  const hosts: Host[] = [];
  const seeded = reuse ? await readSeeded(db, the, hosts) : null;
  const { supplierIds, departments } = seeded ?? (await seedSuppliers(db));
  const seedSeconds = seeded ? 0 : Math.round((Date.now() - started) / 1000);

  const app = await buildApp({ db, config, logger: false });
  app.post('/bench/propagate', async () => {
    const now = (await db.select().from(productVariants).where(eq(productVariants.id, the.source!.id)))[0]!.stock;
    const next = now + 7;
    const t = performance.now();
    await db.update(productVariants).set({ stock: next }).where(eq(productVariants.id, the.source!.id));
    let copiesMs = -1;
    while (performance.now() - t < 60_000) {
      const [{ n }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(productVariants)
        .innerJoin(listingVariants, eq(listingVariants.variantId, productVariants.id))
        .where(and(eq(listingVariants.sourceVariantId, the.source!.id), eq(productVariants.stock, next)))) as {
        n: number;
      }[];
      if (n >= hosts.length) {
        copiesMs = Math.round(performance.now() - t);
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const sample = hosts.filter((_, i) => i % Math.max(1, Math.floor(hosts.length / 20)) === 0).slice(0, 20);
    const shows = async (h: { host: string; codigo: string }) => {
      const res = await app.inject({ method: 'GET', url: `/api/productos/${h.codigo}`, headers: { host: h.host } });
      return JSON.stringify(res.json()).includes(`"stock":${next}`);
    };
    let answersMs = -1;
    while (performance.now() - t < 60_000) {
      if ((await Promise.all(sample.map(shows))).every(Boolean)) {
        answersMs = Math.round(performance.now() - t);
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return { stores: hosts.length, copiesMs, answersMs };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const listingsCreatedSeconds = seeded ? null : await seedResellers(db, supplierIds, the, hosts);
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: 'bench@revende.mx', password: PASSWORD },
  });
  const token = login.json().token as string;

  // As an instance does after a start, the global catalogue's index is built before the load begins (decision 140).
  await app.offerIndexes.warm();
  const offerIndex = app.offerIndexes.stats();
  console.error(`  offer index: ${JSON.stringify(offerIndex)}`);
  const addr = app.server.address();
  console.log(
    `READY ${JSON.stringify({
      port: typeof addr === 'object' && addr ? addr.port : 0,
      token,
      supplierIds,
      departments: [...departments],
      seedSeconds,
      listingsCreatedSeconds,
      propagationStores: hosts.length,
      offerIndex,
    })}`,
  );
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

await main();
