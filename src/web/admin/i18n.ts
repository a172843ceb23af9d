/** Registers the admin message catalogues; imported only by the admin tree so the storefront bundle never carries them. */
import i18n from '../lib/i18n';
import '../lib/catalogues/errors';
import es from '../../locales/es/admin.json';
import en from '../../locales/en/admin.json';
import filesEs from '../../locales/es/files.json';
import filesEn from '../../locales/en/files.json';
import identityEs from '../../locales/es/identity.json';
import identityEn from '../../locales/en/identity.json';
import companyEs from '../../locales/es/company.json';
import companyEn from '../../locales/en/company.json';
import websiteEs from '../../locales/es/website.json';
import websiteEn from '../../locales/en/website.json';
import catalogEs from '../../locales/es/catalog.json';
import catalogEn from '../../locales/en/catalog.json';
import balancesEs from '../../locales/es/balances.json';
import balancesEn from '../../locales/en/balances.json';
import refundsEs from '../../locales/es/refunds.json';
import refundsEn from '../../locales/en/refunds.json';
import marketplaceEs from '../../locales/es/marketplace.json';
import marketplaceEn from '../../locales/en/marketplace.json';
import invoicesEs from '../../locales/es/invoices.json';
import invoicesEn from '../../locales/en/invoices.json';

const bundles: [string, object, object][] = [
  ['admin', es, en],
  ['files', filesEs, filesEn],
  ['identity', identityEs, identityEn],
  ['company', companyEs, companyEn],
  ['website', websiteEs, websiteEn],
  ['catalog', catalogEs, catalogEn],
  ['balances', balancesEs, balancesEn],
  ['refunds', refundsEs, refundsEn],
  ['marketplace', marketplaceEs, marketplaceEn],
  ['invoices', invoicesEs, invoicesEn],
];
for (const [ns, esBundle, enBundle] of bundles) {
  i18n.addResourceBundle('es', ns, esBundle, true, true);
  i18n.addResourceBundle('en', ns, enBundle, true, true);
}
