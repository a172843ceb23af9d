/**
 * Test data factories: stores, products, sellers and customers created through the modules' own services, so tests
 * exercise the same code paths as the app.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client.js';
import { createStore } from '../../src/server/modules/stores/index.js';
import { createProduct, type NewProduct } from '../../src/server/modules/catalog/index.js';
import { createUser, insertPostalCodes } from '../../src/server/modules/accounts/index.js';
import { COMPLETE_COMPANY_PROFILE } from './company-profile.js';
import type { Permission } from '../../src/shared/contracts/identity.js';

/** A password strong enough for the sign-up check (zxcvbn score ≥ 3, decision 024). */
export const TEST_PASSWORD = 'Tienda-Secreta-2026';

let counter = 0;
const uniq = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface StoreFixture {
  id: string;
  slug: string;
  hostname: string;
}

/** A store with an active `<slug>.localhost` domain. */
export async function createStoreFixture(
  db: Db,
  overrides: { slug?: string; name?: string; lang?: 'es' | 'en'; oxxoFeeCents?: number } = {},
): Promise<StoreFixture> {
  const slug = overrides.slug ?? `s${uniq()}`;
  const hostname = `${slug}.localhost`;
  const { id } = await createStore(
    { db },
    {
      slug,
      name: overrides.name ?? `Tienda ${slug}`,
      lang: overrides.lang ?? 'es',
      hostnames: [hostname],
      oxxoFeeCents: overrides.oxxoFeeCents,
    },
  );
  return { id, slug, hostname };
}

/** A product with one variant (sku = codigo + "-1") unless variants are given. */
export async function createProductFixture(
  db: Db,
  storeId: string,
  overrides: Partial<NewProduct> = {},
): Promise<{ id: string; codigo: string; skus: string[] }> {
  const codigo = overrides.codigo ?? `P${uniq()}`.toUpperCase();
  const variants = overrides.variants ?? [
    {
      sku: `${codigo}-1`,
      options: {},
      priceCents: overrides.compareAtCents ? overrides.compareAtCents - 1000 : 49900,
      stock: 10,
    },
  ];
  const { id } = await createProduct(
    { db, storeId },
    {
      name: `Producto ${codigo}`,
      usage: 'Uso general',
      keywords: ['prueba'],
      department: { slug: 'general', name: 'General' },
      category: { slug: 'varios', name: 'Varios' },
      ...overrides,
      codigo,
      variants,
    },
  );
  return { id, codigo, skus: variants.map((v) => v.sku) };
}

/** A seller (owner) of a store, signed in: returns the bearer token. */
export async function createSellerFixture(
  app: FastifyInstance,
  storeId: string,
): Promise<{ email: string; token: string }> {
  const email = `seller-${uniq()}@example.com`;
  await createUser(
    { db: app.db },
    { storeId, role: 'owner', email, password: TEST_PASSWORD, fullName: 'Vendedora Prueba' },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password: TEST_PASSWORD },
  });
  return { email, token: res.json().token };
}

/**
 * A collaborator of a store with `permissions`, signed in (their only store, so the session is on it):
 * returns the bearer token and the platform account's id.
 */
export async function createCollaboratorFixture(
  app: FastifyInstance,
  storeId: string,
  permissions: Permission[] = [],
): Promise<{ email: string; token: string; userId: string }> {
  const email = `colab-${uniq()}@example.com`;
  const u = await createUser(
    { db: app.db },
    { storeId, role: 'collaborator', permissions, email, password: TEST_PASSWORD, fullName: 'Colaboradora Prueba' },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password: TEST_PASSWORD },
  });
  return { email, token: res.json().token, userId: u.id };
}

/** A customer of a store, signed in on its domain: returns the bearer token. */
export async function createCustomerFixture(
  app: FastifyInstance,
  store: StoreFixture,
): Promise<{ email: string; token: string; userId: string }> {
  const email = `buyer-${uniq()}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'x-store-domain': store.hostname },
    payload: { fullName: 'Comprador Prueba', email, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  return { email, token: res.json().token, userId: res.json().user.id };
}

/** A few SEPOMEX rows (CDMX Roma Norte, Guadalajara centro, Cancún) for address and shipping tests. */
export async function seedPostalCodesFixture(db: Db): Promise<void> {
  await insertPostalCodes({ db }, [
    {
      postalCode: '06700',
      settlement: 'Roma Norte',
      settlementType: 'Colonia',
      municipality: 'Cuauhtémoc',
      state: 'Ciudad de México',
      city: 'Ciudad de México',
    },
    {
      postalCode: '44100',
      settlement: 'Guadalajara Centro',
      settlementType: 'Colonia',
      municipality: 'Guadalajara',
      state: 'Jalisco',
      city: 'Guadalajara',
    },
    {
      postalCode: '77500',
      settlement: 'Cancún Centro',
      settlementType: 'Colonia',
      municipality: 'Benito Juárez',
      state: 'Quintana Roo',
      city: 'Cancún',
    },
  ]);
}

/** A valid Mexican address for checkout bodies. */
export const TEST_ADDRESS = {
  fullName: 'María López',
  street: 'Calle Colima',
  exteriorNumber: '123',
  interiorNumber: '4B',
  postalCode: '06700',
  state: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  city: 'Ciudad de México',
  neighborhood: 'Roma Norte',
  deliveryInstructions: 'Tocar el timbre',
  phone: '55 1234 5678',
};

/**
 * Completes the company profile of the seller's store through its API, so the seller may create products.
 */
export async function completeCompanyProfileFixture(app: FastifyInstance, token: string): Promise<void> {
  for (const [section, payload] of Object.entries(COMPLETE_COMPANY_PROFILE)) {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/proveedor/company_profile/${section}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`company profile ${section}: ${res.statusCode} ${res.body}`);
  }
}
