/**
 * The dashboard's hint on using the seller's own domain (decision 108): shown only once stores can have one
 * (src/shared/features.ts); until then the domain section shows the store's address and nothing to activate.
 */
import { FEATURES, type FeatureSwitches } from '../../../../shared/features';

/** The `admin` catalogue key of the hint, or null while custom domains are switched off. */
export function domainHintKey(switches: Readonly<FeatureSwitches> = FEATURES): string | null {
  return switches.customDomains ? 'dashboard.domainHint' : null;
}
