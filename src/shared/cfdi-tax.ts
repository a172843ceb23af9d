/**
 * IVA broken out of prices that include it, for a CFDI 4.0 (decision 154). Money in integer centavos MXN.
 *
 * Rule, per concept (line): base = round_half_up(total / 1.16) to the centavo, IVA = total − base. The SAT's Anexo 20
 * (CFDI 4.0, "Traslado: Importe") accepts an IVA between (Base − 0.005) × 0.16 truncated and (Base + 0.005) × 0.16
 * rounded up, to the centavo; total − base differs from the base × 0.16 by at most 1.16 × 0.005 < 0.0058, so it is
 * always the floor or the ceiling of base × 0.16 and inside those limits. Computed per line, the lines add up to the
 * order's total exactly: the CFDI's Total is the sum of what the buyer paid, to the centavo.
 */

/** IVA rate in basis points (16 %). */
export const IVA_BPS = 1600;

/** `totalCents` (IVA included) split into base and IVA: base = round_half_up(total × 100 / 116), IVA = the rest. */
export function ivaBreakdown(totalCents: number): { baseCents: number; taxCents: number } {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`Bad amount: ${totalCents}`);
  const d = 10_000 + IVA_BPS;
  const baseCents = Math.floor((totalCents * 10_000 * 2 + d) / (2 * d));
  return { baseCents, taxCents: totalCents - baseCents };
}

/** The sums of lines broken out one by one (`ivaBreakdown` of each `totalCents`). */
export function sumBreakdown(lines: readonly { totalCents: number }[]): {
  baseCents: number;
  taxCents: number;
  totalCents: number;
} {
  let baseCents = 0;
  let taxCents = 0;
  let totalCents = 0;
  for (const l of lines) {
    const b = ivaBreakdown(l.totalCents);
    baseCents += b.baseCents;
    taxCents += b.taxCents;
    totalCents += l.totalCents;
  }
  return { baseCents, taxCents, totalCents };
}
