/**
 * Dates and numbers in the page language (issue 9): es-MX for Spanish, en-US for English, never the browser's own
 * locale (a shopper whose phone is in English still reads "27 de mayo de 2026" on a Spanish page). Money is
 * written by shared/money.ts as those locales write it, without an Intl formatter.
 */
import { useTranslation } from 'react-i18next';

/** The Intl locale tag of a page language. */
export function localeTag(lang: string): 'es-MX' | 'en-US' {
  return lang === 'en' ? 'en-US' : 'es-MX';
}

/**
 * One Intl formatter per locale tag and kind, made once, when first used: constructing one costs tens of milliseconds
 * on a phone (locale and time zone data), a cost each `toLocaleDateString` call with options may pay again. Not made
 * ahead: the home and search pages show no dates (decision 088), and the product page's reviews hydrate after the page.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormat = (tag: string) => {
  let f = dateFormats.get(tag);
  if (!f) dateFormats.set(tag, (f = new Intl.DateTimeFormat(tag, { dateStyle: 'long' })));
  return f;
};
const numberFormat = (tag: string) => {
  let f = numberFormats.get(tag);
  if (!f) numberFormats.set(tag, (f = new Intl.NumberFormat(tag)));
  return f;
};

/** Formatters bound to the current page language: `date(iso)` (long date), `number(n)`. */
export function useFormat(): { date: (iso: string | Date) => string; number: (n: number) => string } {
  const { i18n } = useTranslation();
  const tag = localeTag(i18n.language);
  return {
    date: (iso) => dateFormat(tag).format(new Date(iso)),
    number: (n) => numberFormat(tag).format(n),
  };
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
