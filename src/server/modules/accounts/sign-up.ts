/**
 * Seller sign-up on the platform home (issue 7, SPEC §2): one transaction creates the platform account, the store,
 * the owner's membership and the store's `<slug>.<PLATFORM_DOMAIN>` domain (active), then signs the person in.
 * Race-safe by the unique indexes (stores_slug_uq, store_domains_hostname_uq, users_store_role_email_uq): of any
 * number of simultaneous sign-ups for one slug one wins, the others get 409 SLUG_TAKEN, never a 500.
 */
import { eq } from 'drizzle-orm';
import { storeMemberships, users } from '../../db/schema/accounts.js';
import type { BaseContext, DbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { createStore, getStoreBySlug } from '../stores/index.js';
import {
  RESERVED_SLUGS,
  SLUG_PATTERN,
  type SellerSession,
  type SignUpBody,
  type SlugCheck,
} from '../../../shared/contracts/identity.js';
import { hashPassword } from './password.js';
import { assertStrongPassword } from './password-strength.js';
import { startSellerSession } from './accounts.service.js';

/** The storefront hostname a new store gets: `<slug>.<PLATFORM_DOMAIN>` (demo.localhost in development). */
export function storeHostname(platformDomain: string, slug: string): string {
  return `${slug}.${platformDomain}`.toLowerCase();
}

/** Whether `slug` could be taken now: format, reserved words, then existing stores (advisory; sign-up decides). */
export async function checkSlug(ctx: DbContext, raw: string): Promise<SlugCheck> {
  const slug = raw.trim().toLowerCase();
  if (!SLUG_PATTERN.test(slug) || slug.includes('--')) return { slug, available: false, reason: 'slug_format' };
  if (RESERVED_SLUGS.includes(slug)) return { slug, available: false, reason: 'slug_reserved' };
  const taken = await getStoreBySlug(ctx, slug);
  return { slug, available: !taken, reason: taken ? 'slug_taken' : null };
}

/**
 * Creates the account, store, owner membership and domain in one transaction and opens a session on the new store.
 * Throws PASSWORD_TOO_WEAK / PASSWORD_BREACHED (422), EMAIL_TAKEN (409) when a platform account has the email,
 * SLUG_TAKEN (409) when a store (or domain) has the slug. The body's slug is already format- and reserved-checked by
 * the contract (signUpBody).
 */
export async function signUpSeller(ctx: BaseContext, input: SignUpBody): Promise<SellerSession> {
  const email = input.email.trim().toLowerCase();
  assertStrongPassword(ctx.locale, input.password, [email, input.fullName, input.storeName, input.slug]);
  const passwordHash = await hashPassword(input.password);
  const hostname = storeHostname(ctx.config.PLATFORM_DOMAIN, input.slug);
  let userId: string;
  let storeId: string;
  try {
    ({ userId, storeId } = await ctx.db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({ storeId: null, role: 'seller', email, passwordHash, fullName: input.fullName })
        .returning({ id: users.id });
      const store = await createStore(
        { db: tx },
        { slug: input.slug, name: input.storeName, lang: input.lang, hostnames: [hostname] },
      );
      await tx.insert(storeMemberships).values({ storeId: store.id, userId: u.id, role: 'owner', permissions: [] });
      return { userId: u.id, storeId: store.id };
    }));
  } catch (err) {
    if (isUniqueViolation(err, 'users_store_role_email_uq')) throw new AppError('EMAIL_TAKEN');
    if (isUniqueViolation(err, 'stores_slug_uq') || isUniqueViolation(err, 'store_domains_hostname_uq'))
      throw new AppError('SLUG_TAKEN', { slug: input.slug });
    throw err;
  }
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return startSellerSession(ctx, row, storeId);
}
