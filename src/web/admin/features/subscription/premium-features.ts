/** The premium plan's list (decision 108): a feature that is switched off (src/shared/features.ts) is not listed. */
import { FEATURES, type Feature, type FeatureSwitches } from '../../../../shared/features';

const PREMIUM: { key: string; feature?: Feature }[] = [
  { key: 'domains', feature: 'customDomains' },
  { key: 'collaborators' },
  { key: 'support' },
  { key: 'dropshipping', feature: 'dropshipping' },
];

/** The `subscriptions` catalogue keys of the premium plan's list under `switches`. */
export function premiumFeatureKeys(switches: Readonly<FeatureSwitches> = FEATURES): string[] {
  return PREMIUM.filter((f) => !f.feature || switches[f.feature]).map((f) => `plans.premiumFeatures.${f.key}`);
}
