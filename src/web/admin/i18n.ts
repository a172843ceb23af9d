/** Registers the admin message catalogue; imported only by the admin tree so the storefront bundle never carries it. */
import i18n from '../lib/i18n';
import es from '../../locales/es/admin.json';
import en from '../../locales/en/admin.json';
import filesEs from '../../locales/es/files.json';
import filesEn from '../../locales/en/files.json';
import catalogEs from '../../locales/es/catalog.json';
import catalogEn from '../../locales/en/catalog.json';

i18n.addResourceBundle('es', 'admin', es, true, true);
i18n.addResourceBundle('en', 'admin', en, true, true);
i18n.addResourceBundle('es', 'files', filesEs, true, true);
i18n.addResourceBundle('en', 'files', filesEn, true, true);
i18n.addResourceBundle('es', 'catalog', catalogEs, true, true);
i18n.addResourceBundle('en', 'catalog', catalogEn, true, true);
