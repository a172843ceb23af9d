/** The es catalogues every page needs (common, storefront, errors): one chunk per language (lib/i18n.ts, decision 069). */
import common from '../../../locales/es/common.json';
import storefront from '../../../locales/es/storefront.json';
import errors from '../../../locales/es/errors.json';

export default { common, storefront, errors };
