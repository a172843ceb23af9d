/** Registers the admin message catalogues; imported only by the admin tree so the storefront bundle never carries them. */
import i18n from '../lib/i18n';
import es from '../../locales/es/admin.json';
import en from '../../locales/en/admin.json';
import filesEs from '../../locales/es/files.json';
import filesEn from '../../locales/en/files.json';
import identityEs from '../../locales/es/identity.json';
import identityEn from '../../locales/en/identity.json';

const bundles: [string, object, object][] = [
  ['admin', es, en],
  ['files', filesEs, filesEn],
  ['identity', identityEs, identityEn],
];
for (const [ns, esBundle, enBundle] of bundles) {
  i18n.addResourceBundle('es', ns, esBundle, true, true);
  i18n.addResourceBundle('en', ns, enBundle, true, true);
}
