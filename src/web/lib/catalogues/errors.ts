/**
 * The whole errors catalogue of both languages. The first load (catalogues/es.ts, en.ts) carries only the form
 * field messages and the codes the browser itself raises (RATE_LIMITED, INTERNAL): the server translates the errors it
 * sends (`message`), so the other codes are needed only by pages that translate a code themselves (checkout's card
 * errors, account forms, the admin's file checks). Imported by storefront/shop-i18n.ts (cart, checkout and account
 * pages), the admin and platform trees and the server render (decision 069's first-load budget).
 */
import i18n from '../i18n';
// As text: the JSON modules themselves stay in the first-load chunks, which take only a few of their keys from them (a
// module shared by two chunks would go whole into a third one that both load).
import es from '../../../locales/es/errors.json?raw';
import en from '../../../locales/en/errors.json?raw';

i18n.addResourceBundle('es', 'errors', JSON.parse(es) as object, true, true);
i18n.addResourceBundle('en', 'errors', JSON.parse(en) as object, true, true);
