/**
 * The store's pickup configuration (schedule and pickup location): when and where the carrier
 * collects parcels, which is also the branch where buyers pick up their orders ("pickup at branch").
 */
import { eq } from 'drizzle-orm';
import { pickupSettings } from '../../db/schema/shipping.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext, StoreDbContext } from '../../lib/context.js';
import { translator } from '../../lib/i18n.js';
import type { PickupBranch, PickupSettings, PickupSettingsInput } from '../../../shared/contracts/pickups.js';
import { lookupPostalCode } from '../accounts/index.js';

type Row = typeof pickupSettings.$inferSelect;

function toSettings(r: Row): PickupSettings {
  return {
    pickupType: r.pickupType as PickupSettings['pickupType'],
    days: r.days as PickupSettings['days'],
    hour: r.hour,
    location: r.location,
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function loadRow(ctx: StoreDbContext): Promise<Row | null> {
  const rows = await ctx.db.select().from(pickupSettings).where(eq(pickupSettings.storeId, ctx.storeId)).limit(1);
  return rows[0] ?? null;
}

/** The store's pickup configuration, or null before the seller saves one. */
export async function getPickupSettings(ctx: StoreDbContext): Promise<PickupSettings | null> {
  const row = await loadRow(ctx);
  return row ? toSettings(row) : null;
}

/**
 * Saves the pickup configuration (one per store; the last save wins). An on-call pickup keeps no days. Throws
 * VALIDATION_FAILED on `location.address.postalCode` when the postal code is not in the SEPOMEX catalogue.
 */
export async function savePickupSettings(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'locale'>,
  input: PickupSettingsInput,
): Promise<PickupSettings> {
  try {
    await lookupPostalCode(ctx, input.location.address.postalCode);
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'POSTAL_CODE_NOT_FOUND') throw e;
    const message = translator(ctx.locale)('errors:POSTAL_CODE_NOT_FOUND', e.params);
    throw new AppError('VALIDATION_FAILED', {}, [
      { path: 'location.address.postalCode', code: 'postal_code_not_found', message },
    ]);
  }
  const values = {
    pickupType: input.pickupType,
    days: input.pickupType === 'regular' ? [...new Set(input.days)] : [],
    hour: input.hour,
    location: input.location as Row['location'],
    updatedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(pickupSettings)
    .values({ storeId: ctx.storeId, ...values })
    .onConflictDoUpdate({ target: pickupSettings.storeId, set: values })
    .returning();
  return toSettings(row!);
}

/** Where a buyer of this store picks up an order, with the days and hour (null before the seller sets it). */
export async function getPickupBranch(ctx: StoreDbContext): Promise<PickupBranch> {
  const row = await loadRow(ctx);
  if (!row) return { branch: null };
  const { contact, address } = row.location;
  const state = await lookupPostalCode(ctx, address.postalCode).then(
    (p) => p.state,
    () => null,
  );
  return {
    branch: {
      companyName: contact.companyName,
      streetLines: address.streetLines.filter(Boolean),
      city: address.city,
      postalCode: address.postalCode,
      state,
      days: row.days as PickupSettings['days'],
      hour: row.hour,
      phoneNumber: contact.phoneNumber,
    },
  };
}
