/**
 * Dates and numbers in the page language: es-MX for Spanish, en-US for English, never the browser's own
 * locale (a shopper whose phone is in English still reads "27 de mayo de 2026" on a Spanish page). Money is
 * written by shared/money.ts as those locales write it, without an Intl formatter.
 */
import { useTranslation } from 'react-i18next';

/** The Intl locale tag of a page language. */
export function localeTag(lang: string): 'es-MX' | 'en-US' {
  return lang === 'en' ? 'en-US' : 'es-MX';
}

/**
 * One date formatter per locale tag, made once, when first used: constructing one costs tens of milliseconds on a
 * phone (locale and time zone data), a cost each `toLocaleDateString` call with options may pay again. Not made ahead:
 * the home and search pages show no dates, and the product page's reviews render when their tab opens (decision 088).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (tag: string) => {
  let f = dateFormats.get(tag);
  if (!f) dateFormats.set(tag, (f = new Intl.DateTimeFormat(tag, { dateStyle: 'long' })));
  return f;
};

/** Formatters bound to the current page language: `date(iso)` (long date), `kilograms(grams)`. */
export function useFormat(): { date: (iso: string | Date) => string; kilograms: (grams: number) => string } {
  const { i18n } = useTranslation();
  const tag = localeTag(i18n.language);
  return { date: (iso) => dateFormat(tag).format(new Date(iso)), kilograms: formatKilograms };
}

/**
 * Integer grams as kilograms, as es-MX and en-US both write them: "0.25", "1.5", "1,234.567" (thousands with a comma,
 * up to three decimals, no trailing zeros). The text `Intl.NumberFormat(es-MX | en-US).format(grams / 1000)` gives
 * (format.test.ts compares them), written from the integer without constructing a formatter (tens of
 * milliseconds on a phone). Throws a RangeError unless `grams` is a safe integer.
 */
export function formatKilograms(grams: number): string {
  if (!Number.isSafeInteger(grams)) throw new RangeError(`Not an integer number of grams: ${grams}`);
  const abs = Math.abs(grams);
  const kg = String(Math.floor(abs / 1000)).replace(/\B(?=(\d{3})+$)/g, ',');
  const decimals = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${grams < 0 ? '-' : ''}${kg}${decimals ? `.${decimals}` : ''}`;
}

/** A card brand as printed on the card ("visa" → "Visa", "amex" → "American Express"). */
export function cardBrandName(brand: string): string {
  const known: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    american_express: 'American Express',
    carnet: 'Carnet',
  };
  const key = brand.toLowerCase();
  return known[key] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : brand);
}
