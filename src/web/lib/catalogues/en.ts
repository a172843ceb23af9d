/** The en catalogues every page needs (common, storefront, errors): one chunk per language (lib/i18n.ts, decision 069). */
import common from '../../../locales/en/common.json';
import storefront from '../../../locales/en/storefront.json';
import errors from '../../../locales/en/errors.json';

export default { common, storefront, errors };
