/**
 * Stores whose sellers may create products: each a new store with a signed-in owner whose company profile is
 * complete (decision 115), made through the same services and API as the app (tests/helpers/factories.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  completeCompanyProfileFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from './factories.js';
import type { Db } from '../../src/server/db/client.js';

/** A seller as the fixtures give it: the email and the bearer token of the signed-in owner. */
export interface SellerFixture {
  email: string;
  token: string;
}

/**
 * A new store (`<slug>.localhost`, with `overrides` as createStoreFixture takes them) and its owner, signed in, with
 * the company profile complete.
 */
export async function storeWithSeller(
  t: { app: FastifyInstance; database: { db: Db } },
  overrides: Parameters<typeof createStoreFixture>[1] = {},
): Promise<{ store: StoreFixture; seller: SellerFixture }> {
  const store = await createStoreFixture(t.database.db, overrides);
  const seller = await createSellerFixture(t.app, store.id);
  await completeCompanyProfileFixture(t.app, seller.token);
  return { store, seller };
}

/**
 * Two such stores, A and B: the set-up of the tests that check what a seller does in one store and that the other
 * store neither sees nor changes it.
 */
export async function twoStoresWithSellers(t: { app: FastifyInstance; database: { db: Db } }): Promise<{
  a: StoreFixture;
  b: StoreFixture;
  sellerA: SellerFixture;
  sellerB: SellerFixture;
}> {
  const { store: a, seller: sellerA } = await storeWithSeller(t);
  const { store: b, seller: sellerB } = await storeWithSeller(t);
  return { a, b, sellerA, sellerB };
}
