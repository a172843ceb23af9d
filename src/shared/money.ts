/**
 * Money helpers. Amounts are integer centavos MXN everywhere (DESIGN.md "Database"); never floats.
 */

/** Throws a RangeError unless `cents` is a safe integer. */
export function assertCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of centavos: ${cents}`);
  return cents;
}

/** unitCents × quantity, both integers. */
export function lineTotalCents(unitCents: number, quantity: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Bad quantity: ${quantity}`);
  return assertCents(unitCents) * quantity;
}

/** Order total per SPEC §9: items + shipping + fee − discount, where the discount never applies to shipping. */
export function orderTotalCents(parts: {
  itemsCents: number;
  shippingCents: number;
  feeCents: number;
  discountCents: number;
}): number {
  const discount = Math.min(assertCents(parts.discountCents), assertCents(parts.itemsCents));
  return parts.itemsCents - discount + assertCents(parts.shippingCents) + assertCents(parts.feeCents);
}

/**
 * Formats centavos as MXN for display, e.g. 61900 → "$619.00" (es-MX) or "MX$619.00" (en), -150 → "-$1.50".
 * Written out from the integer (no float division): the same text `Intl.NumberFormat(es-MX | en-US, currency MXN)`
 * gives (tests/unit/money.test.ts compares them), without the tens of milliseconds a phone spends constructing that
 * formatter on the storefront's first page (issue 9). Throws a RangeError unless `cents` is a safe integer.
 */
export function formatMoney(cents: number, locale: 'es' | 'en' = 'es'): string {
  const abs = Math.abs(assertCents(cents));
  const pesos = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const centavos = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${locale === 'en' ? 'MX$' : '$'}${pesos}.${centavos}`;
}
