/** Registers the platform home's catalogue; imported only by the platform tree (src/web/platform/routes.tsx). */
import i18n from '../lib/i18n';
import '../lib/catalogues/errors';
import es from '../../locales/es/platform.json';
import en from '../../locales/en/platform.json';

i18n.addResourceBundle('es', 'platform', es, true, true);
i18n.addResourceBundle('en', 'platform', en, true, true);
