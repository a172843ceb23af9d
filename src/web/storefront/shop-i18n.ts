/**
 * Registers the checkout and account message catalogues (es, en). Loaded with the first cart, checkout or account
 * page (storefront/routes.tsx), with the whole errors catalogue, so the entry pages' JavaScript carries only common,
 * storefront and the errors they raise themselves.
 */
import i18n from '../lib/i18n';
import '../lib/catalogues/errors';
import esCheckout from '../../locales/es/checkout.json';
import enCheckout from '../../locales/en/checkout.json';
import esAccount from '../../locales/es/account.json';
import enAccount from '../../locales/en/account.json';
import esDelivery from '../../locales/es/delivery.json';
import esWallet from '../../locales/es/wallet.json';
import enWallet from '../../locales/en/wallet.json';
import enDelivery from '../../locales/en/delivery.json';
import esInvoices from '../../locales/es/invoices.json';
import enInvoices from '../../locales/en/invoices.json';

i18n.addResourceBundle('es', 'checkout', esCheckout, true, true);
i18n.addResourceBundle('en', 'checkout', enCheckout, true, true);
i18n.addResourceBundle('es', 'account', esAccount, true, true);
i18n.addResourceBundle('en', 'account', enAccount, true, true);
i18n.addResourceBundle('es', 'delivery', esDelivery, true, true);
i18n.addResourceBundle('en', 'delivery', enDelivery, true, true);
i18n.addResourceBundle('es', 'wallet', esWallet, true, true);
i18n.addResourceBundle('en', 'wallet', enWallet, true, true);
i18n.addResourceBundle('es', 'invoices', esInvoices, true, true);
i18n.addResourceBundle('en', 'invoices', enInvoices, true, true);
