/**
 * A quote's money (decision 150), the same on server and screen: integer centavos MXN, prices including IVA like the
 * rest of the store, the 16 % IVA shown as the part of the total it already holds, and the import duty an estimate
 * beside the total, never in it.
 */

/** IVA rate of Mexico's general regime, in basis points (Ley del IVA, art. 1). */
export const IVA_BPS = 1600;

/** The IVA held in an amount that includes it, rounded half up to the centavo. */
export function ivaIncludedCents(totalCents: number): number {
  return totalCents - Math.round((totalCents * 10_000) / (10_000 + IVA_BPS));
}

/** One tier's money: goods (quantity × unit), services, total, the IVA in it, the duty estimate on the goods. */
export function quoteTierMoney(
  tier: { quantity: number; unitPriceCents: number },
  servicesCents: number,
  dutyRateBps: number | null,
) {
  const goodsCents = tier.quantity * tier.unitPriceCents;
  const totalCents = goodsCents + servicesCents;
  return {
    quantity: tier.quantity,
    unitPriceCents: tier.unitPriceCents,
    goodsCents,
    servicesCents,
    totalCents,
    ivaCents: ivaIncludedCents(totalCents),
    dutyEstimateCents: dutyRateBps === null ? null : Math.round((goodsCents * dutyRateBps) / 10_000),
  };
}
