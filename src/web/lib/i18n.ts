/**
 * i18next for the web app: `es` default and fallback, `en` available. The first load carries common, storefront and
 * part of errors of the page's language only (lib/catalogues/<lang>.ts, one chunk each, decision 069; the whole errors
 * catalogue comes later, lib/catalogues/errors.ts): `i18nReady` resolves once they are in, and the app renders after it (main.tsx); switching language loads the other
 * language's chunk first. Checkout and account come with the first cart, checkout or account page
 * (storefront/shop-i18n.ts) and the admin namespace with the admin route tree.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_KEY = 'lang';
/** Start of the console message for a translation key found in no catalogue. */
export const MISSING_KEY_MESSAGE = 'i18n missing key:';
export type Lang = 'es' | 'en';

const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
/** `?lang=es|en` in the page URL (the hreflang alternates of the entry pages) picks the language for this visit. */
const fromUrl = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('lang') : null;
const urlLang: Lang | null = fromUrl === 'es' || fromUrl === 'en' ? fromUrl : null;

const initialLang: Lang = urlLang
  ? urlLang
  : saved === 'en' || saved === 'es'
    ? saved
    : typeof document !== 'undefined' && document.documentElement.lang === 'en'
      ? 'en'
      : 'es';

const loaded = new Set<Lang>();
const catalogues: Record<Lang, () => Promise<{ default: Record<string, object> }>> = {
  es: () => import('./catalogues/es'),
  en: () => import('./catalogues/en'),
};

/** Adds the common, storefront and errors catalogues of `lang` (once; a chunk of its own per language). */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (loaded.has(lang)) return;
  const { default: bundles } = await catalogues[lang]();
  for (const [ns, resources] of Object.entries(bundles)) i18n.addResourceBundle(lang, ns, resources, true, true);
  loaded.add(lang);
}

void i18n.use(initReactI18next).init({
  lng: initialLang,
  fallbackLng: 'es',
  supportedLngs: ['es', 'en'],
  ns: ['common', 'storefront', 'errors'],
  defaultNS: 'common',
  resources: {},
  // Catalogues are added as their chunks arrive (loadLanguage); an `en` page needs no `es` to render.
  partialBundledLanguages: true,
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

/**
 * Resolves once the first page's catalogues are loaded (the app renders after it, main.tsx). On the server
 * (entry-server.tsx) both languages are added when the render bundle loads, so nothing is loaded here: a dynamic
 * import started while that bundle is still evaluating would resolve to a module not yet initialised.
 */
export const i18nReady: Promise<void> = typeof window === 'undefined' ? Promise.resolve() : loadLanguage(initialLang);

/**
 * Switches the UI language (after loading its catalogues; nothing when it is the current one) and remembers the
 * shopper's choice (it then wins over the store default).
 */
export function setLanguage(lang: Lang, remember = true): void {
  if (remember) localStorage.setItem(LANGUAGE_KEY, lang);
  // The page already in that language is left alone: `changeLanguage` would tell every translated component to
  // render again (on a server-rendered page, right after hydration, for nothing).
  void loadLanguage(lang).then(() => (i18n.language === lang ? undefined : i18n.changeLanguage(lang)));
}

/** True when the shopper picked a language themselves (or followed a link with `?lang=`). */
export function hasChosenLanguage(): boolean {
  return urlLang !== null || localStorage.getItem(LANGUAGE_KEY) !== null;
}

export default i18n;
