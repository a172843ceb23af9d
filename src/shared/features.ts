/**
 * Features the product describes but that are not built yet, one switch each (decision 108). While a switch is off,
 * no page, email or message offers the feature; the texts that offer it stay in the catalogues under their own keys
 * (`<key>_<feature>`, see `offerKey`) and come back when the switch is turned on. The switches are constants, not
 * settings: turning one on is part of the change that builds the feature, never a deployment's choice.
 */
import type { ErrorCode } from './errors.js';

export interface FeatureSwitches {
  /** Stores on their own domain (the domains work: DNS check, certificates, the admin's Dominios page). */
  customDomains: boolean;
  /** Selling other sellers' products from the global catalogue, shipped by them. */
  dropshipping: boolean;
  /** The global catalogue sellers pick products from. */
  globalCatalog: boolean;
  /** Quotes: a shopper asks the store for a price on a large order. */
  quotes: boolean;
  /** Messages between a shopper and the store. */
  messages: boolean;
}
export type Feature = keyof FeatureSwitches;

/**
 * Today's switches: the global catalogue and dropshipping (decision 134), custom domains (decision 145) and quotes
 * (decisions 150, 151) are built; the rest of the list is not.
 */
export const FEATURES: Readonly<FeatureSwitches> = {
  customDomains: true,
  dropshipping: true,
  globalCatalog: true,
  quotes: true,
  messages: false,
};

/**
 * The catalogue key of a text that offers `feature`: `<key>_<feature>` (the text that offers it) while the feature is
 * on, else `<key>` (a text that is true today).
 */
export function offerKey(key: string, feature: Feature, switches: Readonly<FeatureSwitches> = FEATURES): string {
  return switches[feature] ? `${key}_${feature}` : key;
}

/** Error messages that offer a feature: their `<CODE>_<feature>` text while it is on. */
const ERROR_OFFERS: Partial<Record<ErrorCode, Feature>> = {
  // "Divide tu compra o pide una cotización" only once quotes exist; until then "contacta a la tienda".
  ORDER_TOTAL_TOO_HIGH: 'quotes',
};

/** The errors-catalogue key of `code`'s message under `switches`. */
export function errorMessageKey(code: ErrorCode, switches: Readonly<FeatureSwitches> = FEATURES): string {
  const feature = ERROR_OFFERS[code];
  return feature ? offerKey(code, feature, switches) : code;
}
