/**
 * Server-side translation of error messages, emails and the server-made storefront pages (the not-found page) from
 * the shared catalogues in src/locales.
 * Spanish is default and fallback.
 */
import i18next, { type TFunction } from 'i18next';
import esErrors from '../../locales/es/errors.json' with { type: 'json' };
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import esEmails from '../../locales/es/emails.json' with { type: 'json' };
import enEmails from '../../locales/en/emails.json' with { type: 'json' };
import esCommon from '../../locales/es/common.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import esStorefront from '../../locales/es/storefront.json' with { type: 'json' };
import enStorefront from '../../locales/en/storefront.json' with { type: 'json' };
import type { Locale } from './context.js';

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  lng: 'es',
  fallbackLng: 'es',
  supportedLngs: ['es', 'en'],
  // common: words shared with the web app (option names of order lines, order statuses); storefront: the server-made
  // pages (not found).
  ns: ['errors', 'emails', 'common', 'storefront'],
  defaultNS: 'errors',
  resources: {
    es: { errors: esErrors, emails: esEmails, common: esCommon, storefront: esStorefront },
    en: { errors: enErrors, emails: enEmails, common: enCommon, storefront: enStorefront },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Translator bound to a locale, e.g. `t('errors:OUT_OF_STOCK', { name })`. */
export function translator(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}

/** Picks 'en' when the Accept-Language header prefers English, else Spanish. */
export function localeFromHeader(header: string | undefined): Locale {
  return header?.trim().toLowerCase().startsWith('en') ? 'en' : 'es';
}
