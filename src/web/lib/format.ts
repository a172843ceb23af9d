/**
 * Dates and numbers in the page language (issue 9): es-MX for Spanish, en-US for English, never the browser's own
 * locale (a shopper whose phone is in English still reads "27 de mayo de 2026" on a Spanish page). Money is
 * formatted by shared/money.ts with the same tags.
 */
import { useTranslation } from 'react-i18next';

/** The Intl locale tag of a page language. */
export function localeTag(lang: string): 'es-MX' | 'en-US' {
  return lang === 'en' ? 'en-US' : 'es-MX';
}

/** Formatters bound to the current page language: `date(iso)` (long date), `number(n)`. */
export function useFormat(): { date: (iso: string | Date) => string; number: (n: number) => string } {
  const { i18n } = useTranslation();
  const tag = localeTag(i18n.language);
  return {
    date: (iso) => new Date(iso).toLocaleDateString(tag, { dateStyle: 'long' }),
    number: (n) => n.toLocaleString(tag),
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
