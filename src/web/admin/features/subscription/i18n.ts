/** Registers the subscription pages' catalogue (namespace `subscriptions`), loaded with these pages only. */
import i18n from '../../../lib/i18n';
import es from '../../../../locales/es/subscriptions.json';
import en from '../../../../locales/en/subscriptions.json';

i18n.addResourceBundle('es', 'subscriptions', es, true, true);
i18n.addResourceBundle('en', 'subscriptions', en, true, true);
