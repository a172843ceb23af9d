/** Registers the admin message catalogue; imported only by the admin tree so the storefront bundle never carries it. */
import i18n from '../lib/i18n';
import es from '../../locales/es/admin.json';
import en from '../../locales/en/admin.json';

i18n.addResourceBundle('es', 'admin', es, true, true);
i18n.addResourceBundle('en', 'admin', en, true, true);
import esBalances from '../../locales/es/balances.json';
import enBalances from '../../locales/en/balances.json';

i18n.addResourceBundle('es', 'balances', esBalances, true, true);
i18n.addResourceBundle('en', 'balances', enBalances, true, true);
