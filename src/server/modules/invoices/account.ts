/**
 * The store's invoicing account at its PAC (decision 154). The secret key is encrypted at rest with AES-256-GCM under
 * a key derived from the app secret (lib/secrets.ts, label `invoicing-api-keys`), bound to the store by the GCM
 * associated data (a ciphertext copied to another store's row does not decrypt); the API only ever shows its last 4
 * characters.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { invoicingAccounts } from '../../db/schema/invoices.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext, StoreDbContext } from '../../lib/context.js';
import { deriveKey, loadAppSecret } from '../../lib/secrets.js';
import type { AppConfig } from '../../config.js';
import type { InvoicingSettings, InvoicingSettingsInput } from '../../../shared/contracts/invoices.js';

type Account = typeof invoicingAccounts.$inferSelect;

function cipherKey(config: AppConfig): Buffer {
  return Buffer.from(deriveKey(loadAppSecret(config), 'invoicing-api-keys'), 'hex');
}

/** `iv.tag.ciphertext` (base64url) of `plain` for store `storeId`. */
export function encryptApiKey(config: AppConfig, storeId: string, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', cipherKey(config), iv);
  c.setAAD(Buffer.from(storeId));
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The key `encryptApiKey` sealed for store `storeId`; throws when it was sealed for another store or altered. */
export function decryptApiKey(config: AppConfig, storeId: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const d = createDecipheriv('aes-256-gcm', cipherKey(config), iv);
  d.setAAD(Buffer.from(storeId));
  d.setAuthTag(tag);
  return Buffer.concat([d.update(body), d.final()]).toString('utf8');
}

/** The store's account row, or null when none is connected. */
export async function loadInvoicingAccount(ctx: StoreDbContext): Promise<Account | null> {
  const [r] = await ctx.db.select().from(invoicingAccounts).where(eq(invoicingAccounts.storeId, ctx.storeId));
  return r ?? null;
}

const DEFAULTS = { productKey: '01010101', unitKey: 'H87', shippingProductKey: '78102203' };

function toSettings(a: Account | null): InvoicingSettings {
  return {
    connected: Boolean(a),
    provider: 'facturapi',
    keyLast4: a?.apiKeyLast4 ?? null,
    livemode: a?.livemode ?? false,
    productKey: a?.productKey ?? DEFAULTS.productKey,
    unitKey: a?.unitKey ?? DEFAULTS.unitKey,
    shippingProductKey: a?.shippingProductKey ?? DEFAULTS.shippingProductKey,
  };
}

/** The store's invoicing settings (the key as its last 4 characters only). */
export async function getInvoicingSettings(ctx: StoreDbContext): Promise<InvoicingSettings> {
  return toSettings(await loadInvoicingAccount(ctx));
}

/** Whether the store can issue facturas (an account is connected). */
export async function invoicingAvailable(ctx: StoreDbContext): Promise<boolean> {
  return Boolean(await loadInvoicingAccount(ctx));
}

/**
 * Connects the account or changes its SAT keys. A new `apiKey` is first tried at the PAC (INVOICING_KEY_INVALID, 422,
 * when it refuses it); without one, the stored key stays (INVOICING_KEY_INVALID when there is none yet).
 */
export async function saveInvoicingSettings(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'config' | 'providers'>,
  input: InvoicingSettingsInput,
): Promise<InvoicingSettings> {
  const current = await loadInvoicingAccount(ctx);
  const keys = { productKey: input.productKey, unitKey: input.unitKey, shippingProductKey: input.shippingProductKey };
  if (!input.apiKey) {
    if (!current) throw new AppError('INVOICING_KEY_INVALID');
    const [row] = await ctx.db
      .update(invoicingAccounts)
      .set({ ...keys, updatedAt: new Date() })
      .where(eq(invoicingAccounts.storeId, ctx.storeId))
      .returning();
    return toSettings(row);
  }
  if (!(await ctx.providers.invoicing.checkKey(input.apiKey))) throw new AppError('INVOICING_KEY_INVALID');
  const sealed = {
    apiKeyEncrypted: encryptApiKey(ctx.config, ctx.storeId, input.apiKey),
    apiKeyLast4: input.apiKey.slice(-4),
    livemode: input.apiKey.startsWith('sk_live_'),
    ...keys,
  };
  const [row] = await ctx.db
    .insert(invoicingAccounts)
    .values({ storeId: ctx.storeId, ...sealed })
    .onConflictDoUpdate({ target: invoicingAccounts.storeId, set: { ...sealed, updatedAt: new Date() } })
    .returning();
  return toSettings(row);
}

/** Disconnects the account: the key is deleted; issued CFDIs stay. */
export async function disconnectInvoicing(ctx: StoreDbContext): Promise<void> {
  await ctx.db.delete(invoicingAccounts).where(eq(invoicingAccounts.storeId, ctx.storeId));
}
