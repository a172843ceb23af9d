/** Registers the dropshipping pages' catalogue (namespace `listings`), loaded with these pages only. */
import i18n from '../../../lib/i18n';
import es from '../../../../locales/es/listings.json';
import en from '../../../../locales/en/listings.json';

i18n.addResourceBundle('es', 'listings', es, true, true);
i18n.addResourceBundle('en', 'listings', en, true, true);
