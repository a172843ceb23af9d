/**
 * Our side of the checkout comparison with the Vendure peer (bench/peer-checkout.ts): one app instance serving the
 * peer's own catalogue (BENCH_PEER_CATALOG, the harness's data/nN/catalog.json: the same products, slugs as codes,
 * SKUs and stock; bench/search-stores.ts) at bench.localhost, on a fresh PGlite folder or the recreated PostgreSQL
 * database of BENCH_DATABASE_URL, with the sandbox card provider on (as a store in production has a real one) and
 * buyers told apart by X-Forwarded-For, as behind the shop's proxy (the unpaid-order limit counts each buyer).
 * The race variant (RACE_SKU) gets RACE_STOCK (300) units. Prints `READY <json>`: the port and every variant as
 * [codigo, sku] with stock, which the driver pairs with Vendure's variants by SKU.
 */
import fs from 'node:fs';
import { and, eq, gt } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { insertPostalCodes } from '../src/server/modules/accounts/index.js';
import { productVariants, products } from '../src/server/db/schema/index.js';
import { openBenchDatabase } from './fresh-postgres.js';
import { seedPeerCatalog } from './search-stores.js';

async function main(): Promise<void> {
  const catalog = process.env.BENCH_PEER_CATALOG;
  if (!catalog) throw new Error('BENCH_PEER_CATALOG (the peer harness’s data/nN/catalog.json) is required');
  const { dataDir, config, database } = await openBenchDatabase('vitrina-bench-peer-checkout-', {
    PAYMENTS_SANDBOX: 'true',
    TRUST_PROXY: '127.0.0.1',
  });
  const db = database.db;
  await insertPostalCodes({ db }, [
    {
      postalCode: '06700',
      settlement: 'Roma Norte',
      settlementType: 'Colonia',
      municipality: 'Cuauhtémoc',
      state: 'Ciudad de México',
      city: 'Ciudad de México',
    },
  ]);
  const started = Date.now();
  const { storeId } = await seedPeerCatalog(db, catalog);
  console.error(`seeded the peer catalogue in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const raceSku = process.env.RACE_SKU;
  const raceStock = Number(process.env.RACE_STOCK ?? 300);
  if (raceSku)
    await db
      .update(productVariants)
      .set({ stock: raceStock })
      .where(and(eq(productVariants.storeId, storeId), eq(productVariants.sku, raceSku)));
  const variants = await db
    .select({ codigo: products.codigo, sku: productVariants.sku, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.storeId, storeId), gt(productVariants.stock, 0)));
  const app = await buildApp({ db, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  console.log(`READY ${JSON.stringify({ port, variants: variants.map((v) => [v.codigo, v.sku, v.stock]) })}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
