/**
 * The buyer's fiscal data for a factura (decision 154): checked as the SAT would check the CFDI's Receptor, and saved
 * on the buyer's account for the next one.
 */
import { and, eq } from 'drizzle-orm';
import { Rfc } from '@nodecfdi/rfc';
import { fiscalProfiles } from '../../db/schema/invoices.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreDbContext } from '../../lib/context.js';
import type { FiscalData, FiscalDataInput } from '../../../shared/contracts/invoices.js';
import { CFDI_USES, TAX_REGIMES, personTypeOfRfc } from '../../../shared/sat-catalogs.js';

/**
 * The fiscal data as the CFDI will carry it, or an AppError in the SAT's words (422): RFC_INVALID (structure, date or
 * check digit, by @nodecfdi/rfc), RFC_GENERIC_NOT_ALLOWED (XAXX010101000, XEXX010101000: a nominative invoice names a
 * real taxpayer), FISCAL_NAME_INVALID, TAX_REGIME_INVALID (not in c_RegimenFiscal), TAX_REGIME_PERSON_MISMATCH (a
 * régimen of the other type of person: 12-character RFC moral, 13 física), CFDI_USE_INVALID (not in c_UsoCFDI),
 * CFDI_USE_MISMATCH (a use the type of person or the régimen does not allow), FISCAL_POSTAL_CODE_INVALID (not 5
 * digits). The razón social is kept as typed but upper-cased and with single spaces, as the SAT's records have it.
 */
export function checkFiscalData(input: FiscalDataInput): FiscalData {
  const rfc = input.rfc;
  if (rfc === Rfc.RFC_GENERIC || rfc === Rfc.RFC_FOREIGN) throw new AppError('RFC_GENERIC_NOT_ALLOWED', { rfc });
  const parsed = Rfc.parseOrNull(rfc);
  if (!parsed || !parsed.doesCheckSumMatch()) throw new AppError('RFC_INVALID', { rfc });
  const legalName = input.legalName.trim().replace(/\s+/g, ' ').toUpperCase();
  if (legalName.length < 1) throw new AppError('FISCAL_NAME_INVALID');
  const person = personTypeOfRfc(rfc);
  const regime = TAX_REGIMES[input.taxRegime];
  if (!regime) throw new AppError('TAX_REGIME_INVALID', { value: input.taxRegime });
  if (!regime.persons.includes(person)) throw new AppError('TAX_REGIME_PERSON_MISMATCH', { value: input.taxRegime });
  const use = CFDI_USES[input.cfdiUse];
  if (!use) throw new AppError('CFDI_USE_INVALID', { value: input.cfdiUse });
  if (!use.persons.includes(person) || !use.regimes.includes(input.taxRegime))
    throw new AppError('CFDI_USE_MISMATCH', { value: input.cfdiUse });
  if (!/^\d{5}$/.test(input.postalCode)) throw new AppError('FISCAL_POSTAL_CODE_INVALID');
  return { rfc, legalName, taxRegime: input.taxRegime, cfdiUse: input.cfdiUse, postalCode: input.postalCode };
}

/** The fiscal data user `userId` saved in this store, or null. */
export async function getFiscalProfile(ctx: StoreDbContext, userId: string): Promise<FiscalData | null> {
  const [r] = await ctx.db
    .select()
    .from(fiscalProfiles)
    .where(and(eq(fiscalProfiles.storeId, ctx.storeId), eq(fiscalProfiles.userId, userId)));
  return r
    ? { rfc: r.rfc, legalName: r.legalName, taxRegime: r.taxRegime, cfdiUse: r.cfdiUse, postalCode: r.postalCode }
    : null;
}

/** Saves (or replaces) user `userId`'s fiscal data, already checked by checkFiscalData. */
export async function saveFiscalProfile(ctx: StoreDbContext, userId: string, data: FiscalData): Promise<void> {
  await ctx.db
    .insert(fiscalProfiles)
    .values({ storeId: ctx.storeId, userId, ...data })
    .onConflictDoUpdate({
      target: [fiscalProfiles.storeId, fiscalProfiles.userId],
      set: { ...data, updatedAt: new Date() },
    });
}
