/**
 * i18next for the web app (DESIGN.md "Web"): `es` default and fallback, `en` available. The first load carries
 * common, storefront and errors; checkout and account come with the first cart, checkout or account page
 * (storefront/shop-i18n.ts) and the admin namespace with the admin route tree.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import esCommon from '../../locales/es/common.json';
import enCommon from '../../locales/en/common.json';
import esStorefront from '../../locales/es/storefront.json';
import enStorefront from '../../locales/en/storefront.json';
import esErrors from '../../locales/es/errors.json';
import enErrors from '../../locales/en/errors.json';

export const LANGUAGE_KEY = 'lang';
/** Start of the console message for a translation key found in no catalogue. */
export const MISSING_KEY_MESSAGE = 'i18n missing key:';
export type Lang = 'es' | 'en';

const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
/** `?lang=es|en` in the page URL (the hreflang alternates of the entry pages) picks the language for this visit. */
const fromUrl = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('lang') : null;
const urlLang: Lang | null = fromUrl === 'es' || fromUrl === 'en' ? fromUrl : null;

void i18n.use(initReactI18next).init({
  lng: urlLang
    ? urlLang
    : saved === 'en' || saved === 'es'
      ? saved
      : typeof document !== 'undefined' && document.documentElement.lang === 'en'
        ? 'en'
        : 'es',
  fallbackLng: 'es',
  supportedLngs: ['es', 'en'],
  ns: ['common', 'storefront', 'errors'],
  defaultNS: 'common',
  resources: {
    es: { common: esCommon, storefront: esStorefront, errors: esErrors },
    en: { common: enCommon, storefront: enStorefront, errors: enErrors },
  },
  interpolation: { escapeValue: false },
  initAsync: false,
  // A key missing in every language would show raw on screen: report it (the browser tests fail on this message).
  saveMissing: true,
  missingKeyHandler: (_lngs, ns, key) => {
    console.error(`${MISSING_KEY_MESSAGE} ${ns}:${key}`);
  },
});

i18n.on('languageChanged', (lng) => {
  // Also runs on the server (entry-server.tsx), where there is no document.
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

/** Switches the UI language and remembers the shopper's choice (it then wins over the store default). */
export function setLanguage(lang: Lang, remember = true): void {
  if (remember) localStorage.setItem(LANGUAGE_KEY, lang);
  void i18n.changeLanguage(lang);
}

/** True when the shopper picked a language themselves (or followed a link with `?lang=`). */
export function hasChosenLanguage(): boolean {
  return urlLang !== null || localStorage.getItem(LANGUAGE_KEY) !== null;
}

export default i18n;
