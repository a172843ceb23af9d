/**
 * The es catalogues every page needs: common, storefront and, of errors, the form fields' messages and the codes the
 * browser raises itself (the rest in catalogues/errors.ts). One chunk per language (lib/i18n.ts, decision 069).
 */
import common from '../../../locales/es/common.json';
import storefront from '../../../locales/es/storefront.json';
// Only what the browser translates itself on the first pages; the whole catalogue loads later (catalogues/errors.ts).
import { fields, INTERNAL, RATE_LIMITED } from '../../../locales/es/errors.json';

export default { common, storefront, errors: { fields, INTERNAL, RATE_LIMITED } };
