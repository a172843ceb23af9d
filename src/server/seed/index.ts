/**
 * Demo seed. On an empty database: the three demo stores of demo-stores.ts with their catalogues from
 * seed-data/ (products, variants, reviews, images processed by sharp), their sellers, a demo buyer in each store, the
 * demo marketplace (the supplier's offers and the other stores' listings of them, demo-marketplace.ts), and the
 * SEPOMEX postal-code catalogue. On a database that has stores it only reports the demo stores it finds.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { AppConfig } from '../config.js';
import type { Providers } from '../providers/index.js';
import { countStores, createStore, getStoreBySlug, updateStore } from '../modules/stores/index.js';
import { addReview, createProduct, refreshRating } from '../modules/catalog/index.js';
import { createUser, hasPostalCodes, insertPostalCodes } from '../modules/accounts/index.js';
import { saveCompanySection, setSupplierEnabled } from '../modules/company/index.js';
import { savePickupSettings } from '../modules/shipping/index.js';
import { COMPANY_SECTION_BODIES } from '../../shared/contracts/company.js';
import { DEMO_BUYER, DEMO_PASSWORD, DEMO_STORES, type DemoStore } from './demo-stores.js';
import { composeBanner, storeImageSizes, storeInitialsIcon } from './images.js';
import { uploadFile } from '../modules/files/index.js';
import { readCatalog, SEED_DATA_DIR } from './seed-catalog.js';
import { parseCsvLine } from './csv.js';
import { listDemoOffers, publishDemoOffers, type SeededProduct } from './demo-marketplace.js';

export { seedBenchmarkStore } from './benchmark-store.js';

export interface SeedResult {
  stores: { name: string; hostname: string; ownerEmail: string; ownerPassword: string }[];
  buyerEmail: string;
  buyerPassword: string;
}

interface SeedOptions {
  db: Db;
  config: AppConfig;
  providers: Providers;
  log: FastifyBaseLogger;
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** The demo store's company profile, complete (decision 115) and more, through the company module's own form saves. */
async function seedCompanyProfile(ctx: { db: Db; storeId: string }, c: DemoStore['company']): Promise<void> {
  const forms = COMPANY_SECTION_BODIES;
  await saveCompanySection(
    ctx,
    'basic',
    forms.basic.parse({ name: c.name, businessType: c.businessType ?? 'retailer' }),
  );
  await saveCompanySection(ctx, 'products', forms.products.parse({ mainIndustry: c.mainIndustry }));
  await saveCompanySection(
    ctx,
    'details',
    forms.details.parse({ advantages: c.advantages, introduction: c.introduction }),
  );
  await saveCompanySection(ctx, 'contacts', forms.contacts.parse({ contacts: [c.contact] }));
}

async function seedStore(opts: SeedOptions, demo: DemoStore): Promise<{ storeId: string; products: SeededProduct[] }> {
  const { db, providers } = opts;
  const catalog = readCatalog(demo.catalog);
  const initials = demo.name
    .split(/\s+/)
    .filter((w) => /^[A-Za-zÁÉÍÓÚÑ]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('')
    .toUpperCase();
  const icon = await storeInitialsIcon(
    providers.storage,
    `${demo.slug}/icon.svg`,
    initials,
    demo.settings.colors?.navbar ?? demo.colors.from,
  );
  const { id: storeId } = await createStore(
    { db },
    {
      slug: demo.slug,
      name: demo.name,
      lang: demo.lang,
      hostnames: [demo.hostname],
      iconUrl: icon,
      settings: { ...demo.settings, logoUrl: icon },
    },
  );
  const ctx = { db, storeId };
  const depBySlug = new Map(catalog.departments.map((d) => [d.slug, d]));

  // Images first (CPU-bound, bounded concurrency), then rows.
  const imageUrls = new Map<string, string>();
  await mapLimit(catalog.products, 4, async (p) => {
    const src = fs.readFileSync(path.join(SEED_DATA_DIR, 'images', p.image));
    imageUrls.set(p.codigo, await storeImageSizes(providers.storage, src, `${demo.slug}/products/${p.codigo}`));
  });
  const now = Date.now();
  const seeded: SeededProduct[] = [];
  for (const [i, p] of catalog.products.entries()) {
    const dep = depBySlug.get(p.department)!;
    const cat = dep.categories.find((c) => c.slug === p.category)!;
    const { id, variantIds } = await createProduct(ctx, {
      codigo: p.codigo,
      name: p.name,
      shortDescription: p.shortDescription,
      description: p.description,
      usage: p.usage,
      keywords: p.keywords,
      brand: p.brand,
      department: { slug: dep.slug, name: dep.name },
      category: { slug: cat.slug, name: cat.name },
      compareAtCents: p.compareAtCents,
      minOrderQty: p.minOrderQty,
      weightGrams: p.weightGrams,
      dimensionsCm: p.dimensionsCm,
      packaging: {
        ...p.packaging,
        lengthCm: p.dimensionsCm.length,
        widthCm: p.dimensionsCm.width,
        heightCm: p.dimensionsCm.height,
        grossWeightGrams: p.weightGrams,
      },
      attributes: p.attributes,
      specifications: p.specifications,
      imageUrl: imageUrls.get(p.codigo) ?? null,
      // A supplier's products are its own make (decision 134 shows the origin on its offers).
      origin: demo.supplier ? 'MX' : null,
      featured: p.featured,
      soldCount: p.soldCount,
      createdAt: new Date(now - i * 3_600_000),
      variants: p.variants,
    });
    seeded.push({ id, variantIds, imageUrl: imageUrls.get(p.codigo) ?? null, data: p });
    for (const r of p.reviews) {
      await addReview(ctx, id, {
        authorName: r.author,
        rating: r.rating,
        title: r.title,
        comment: r.comment,
        createdAt: new Date(now - r.daysAgo * 86_400_000),
      });
    }
  }
  await refreshRating({ db, storeId });
  await seedCompanyProfile({ db, storeId }, demo.company);
  if (demo.supplier) {
    // Its packages leave from León: the shipping quote's origin is the state of this pickup location's postal code.
    await savePickupSettings({ db, storeId, locale: demo.lang }, demo.supplier.pickup);
    await setSupplierEnabled({ db, storeId }, true);
  }

  const banners = [];
  for (const b of demo.banners) {
    const p = catalog.products.find((x) => x.codigo === b.codigo) ?? catalog.products[0];
    // Stored as a seller's banner upload would be: its WebP sizes, and a file id the storefront gets a srcset from.
    const banner = await composeBanner(fs.readFileSync(path.join(SEED_DATA_DIR, 'images', p.image)), demo.colors);
    const file = await uploadFile(
      { db, storeId, providers },
      { purpose: 'banner', data: banner, originalName: `${p.codigo}-banner.webp` },
    );
    banners.push({
      url: file.url,
      fileId: file.id,
      title: b.title,
      buttonTitle: b.buttonTitle,
      buttonUrl: b.buttonUrl,
    });
  }
  await updateStore({ db, storeId }, { settings: { ...demo.settings, logoUrl: icon, bannerImages: banners } });

  await createUser(
    { db },
    {
      storeId,
      role: 'owner',
      email: demo.ownerEmail,
      password: DEMO_PASSWORD,
      fullName: demo.ownerName,
      // Demo passwords are public (README); production never seeds them unless SEED_DEMO=true.
      checkStrength: false,
      emailVerified: true,
    },
  );
  await createUser(
    { db },
    {
      storeId,
      role: 'customer',
      email: DEMO_BUYER.email,
      password: DEMO_BUYER.password,
      fullName: DEMO_BUYER.fullName,
      phone: DEMO_BUYER.phone,
      checkStrength: false,
    },
  );
  opts.log.info({ store: demo.slug, products: catalog.products.length }, 'demo store seeded');
  return { storeId, products: seeded };
}

/** The demo marketplace: the supplier store publishes all its products and the others list theirs (decision 134). */
async function seedMarketplace(opts: SeedOptions, seeded: Map<string, { storeId: string; products: SeededProduct[] }>) {
  const supplierDemo = DEMO_STORES.find((d) => d.supplier);
  const supplier = supplierDemo && seeded.get(supplierDemo.slug);
  if (!supplierDemo?.supplier || !supplier) return;
  const offers = await publishDemoOffers(
    opts.db,
    supplier.storeId,
    supplier.products,
    supplierDemo.supplier.leadTimeDays,
  );
  const byCode = new Map(supplier.products.map((p) => [p.data.codigo, p]));
  for (const demo of DEMO_STORES) {
    const reseller = seeded.get(demo.slug);
    if (!demo.listings || !reseller) continue;
    const { codes, department, category, englishTitles } = demo.listings;
    const english = englishTitles
      ? Object.fromEntries(
          Object.entries(englishTitles).map(([code, name]) => [
            code,
            // The supplier's description ends with the maker's English original.
            { name, description: byCode.get(code)!.data.description.split('(inglés):\n')[1] ?? '' },
          ]),
        )
      : undefined;
    const n = await listDemoOffers(opts.db, supplier.storeId, byCode, offers, {
      storeId: reseller.storeId,
      lang: demo.lang,
      codes,
      department,
      category,
      english,
    });
    opts.log.info({ store: demo.slug, listings: n }, 'demo listings seeded');
  }
}

/** Imports SEPOMEX (seed-data/postal-codes/codigos_postales.csv.gz) into postal_codes in batches of 1,000 rows. */
export async function importPostalCodes(db: Db, log?: FastifyBaseLogger): Promise<number> {
  const lines = zlib
    .gunzipSync(fs.readFileSync(path.join(SEED_DATA_DIR, 'postal-codes', 'codigos_postales.csv.gz')))
    .toString('utf8')
    .split('\n');
  let batch: Parameters<typeof insertPostalCodes>[1] = [];
  let n = 0;
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const [postalCode, settlement, settlementType, municipality, state, city] = parseCsvLine(line);
    batch.push({ postalCode, settlement, settlementType, municipality, state, city: city || null });
    if (batch.length === 1000) {
      await insertPostalCodes({ db }, batch);
      n += batch.length;
      batch = [];
    }
  }
  await insertPostalCodes({ db }, batch);
  n += batch.length;
  log?.info({ rows: n }, 'SEPOMEX postal codes imported');
  return n;
}

function result(): SeedResult {
  return {
    stores: DEMO_STORES.map((s) => ({
      name: s.name,
      hostname: s.hostname,
      ownerEmail: s.ownerEmail,
      ownerPassword: DEMO_PASSWORD,
    })),
    buyerEmail: DEMO_BUYER.email,
    buyerPassword: DEMO_BUYER.password,
  };
}

/** Seeds the demo stores on an empty database; returns the URLs and credentials to print (null without demo stores). */
export async function seedDemoIfEmpty(opts: SeedOptions): Promise<SeedResult | null> {
  if (!(await hasPostalCodes({ db: opts.db }))) {
    console.log('Importing the SEPOMEX postal-code catalogue…');
    await importPostalCodes(opts.db, opts.log);
  }
  if ((await countStores({ db: opts.db })) > 0) {
    return (await getStoreBySlug({ db: opts.db }, DEMO_STORES[0].slug)) ? result() : null;
  }
  const seeded = new Map<string, { storeId: string; products: SeededProduct[] }>();
  for (const demo of DEMO_STORES) {
    console.log(`Seeding demo store ${demo.name} (${demo.hostname}): products and images…`);
    seeded.set(demo.slug, await seedStore(opts, demo));
  }
  console.log('Seeding the demo marketplace: the supplier’s offers and the stores’ listings…');
  await seedMarketplace(opts, seeded);
  // Planner statistics for the freshly loaded tables (PGlite runs no autovacuum).
  await opts.db.execute(sql`analyze`);
  return result();
}
