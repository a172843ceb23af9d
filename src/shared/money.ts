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

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats centavos as MXN for display, e.g. 61900 → "$619.00" (es-MX) or "MX$619.00" (en). */
export function formatMoney(cents: number, locale: 'es' | 'en' = 'es'): string {
  const tag = locale === 'en' ? 'en-US' : 'es-MX';
  let f = formatters.get(tag);
  if (!f) {
    f = new Intl.NumberFormat(tag, { style: 'currency', currency: 'MXN', minimumFractionDigits: 2 });
    formatters.set(tag, f);
  }
  return f.format(assertCents(cents) / 100);
}
