/**
 * Which store names and addresses (slugs) are refused because they could pass for a brand, a payment method, a bank,
 * a security notice or Vitrina itself, or for another store (decision 101). Pure functions shared by the sign-up form
 * and the server; the server first cures a store name's Unicode look-alikes (Cyrillic "а", full-width, script letters)
 * with the `unhomoglyph` library (the Unicode confusables table), then applies these.
 *
 * A "skeleton" is what a text looks like once its confusable letters are merged: lower case, diacritics and every
 * character other than a-z and 0-9 dropped, digits read as the letters they imitate (0→o, 1→l, 3→e, 4→a, 5→s, 7→t,
 * 8→b, 9→g), i and l merged into l, "rn" read as m and "vv" as w. the confusables table reads "0" as "O" but keeps the other digits,
 * so this small leetspeak map sits on top of it. `SLUG_SKELETON_SQL` is the same for slugs in PostgreSQL.
 */

/**
 * Words a store name or address may not CONTAIN (after skeletons, so "pay-pal", "paypa1" and "Рaypal" count): brands
 * and payment methods buyers trust with money, banks, security and account words used in phishing, and the platform's
 * own name and roles. Decision 101 gives the reasons and the names this also refuses.
 */
export const FORBIDDEN_NAME_WORDS: readonly string[] = [
  // The platform and its roles.
  'vitrina',
  'admin',
  'soporte',
  'support',
  // Payment methods and processors used in Mexico.
  'paypal',
  'oxxo',
  'stripe',
  'mercadopago',
  'mercadolibre',
  'conekta',
  'openpay',
  'spei',
  'clabe',
  'pago',
  'payment',
  // Banks.
  'banco',
  'bank',
  'bbva',
  'banamex',
  'banorte',
  'santander',
  'hsbc',
  // Security and account words of phishing pages.
  'seguridad',
  'security',
  'login',
  'signin',
  'password',
  'contrasena',
  'verifica',
  'verify',
  'oficial',
  'official',
];

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  i: 'l',
};

/** The skeleton of `text` (see the module comment); '' when nothing of a-z0-9 is left. */
export function nameSkeleton(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return plain
    .replace(/[01345789i]/g, (c) => LEET[c] ?? c)
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}

/**
 * The same skeleton computed by PostgreSQL for a slug column (lower-case a-z, 0-9 and hyphens only), so a new slug is
 * compared with every store's through an index. `2` and `6` are not mapped, as in `nameSkeleton`; tests check that
 * both agree.
 */
export const SLUG_SKELETON_SQL = (column: string) =>
  `replace(replace(translate(replace(${column}, '-', ''), '01345789i', 'oleastbgl'), 'rn', 'm'), 'vv', 'w')`;

/** The first forbidden word `text` contains (by skeleton), or null. */
export function forbiddenWordIn(text: string): string | null {
  const s = nameSkeleton(text);
  if (!s) return null;
  for (const word of FORBIDDEN_NAME_WORDS) if (s.includes(nameSkeleton(word))) return word;
  return null;
}
