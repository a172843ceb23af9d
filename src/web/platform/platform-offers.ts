/**
 * Which catalogue texts Vitrina's home shows (decision 108): what the platform offers and its plans, without a feature
 * that is switched off (src/shared/features.ts). Keys of the `platform` namespace.
 */
import { FEATURES, offerKey, type FeatureSwitches } from '../../shared/features';

const FEATURE_CARDS = ['store', 'payments', 'catalog', 'team'] as const;

export interface PlatformHomeTexts {
  features: { id: (typeof FEATURE_CARDS)[number]; title: string; text: string }[];
}

/** The keys of the home's feature cards and plans under `switches`. */
export function platformHomeTexts(switches: Readonly<FeatureSwitches> = FEATURES): PlatformHomeTexts {
  return {
    features: FEATURE_CARDS.map((id) => ({
      id,
      // "Tu tienda, tu dominio" only once stores can have their own domain.
      title: id === 'store' ? offerKey('features.store.title', 'customDomains', switches) : `features.${id}.title`,
      text: id === 'store' ? offerKey('features.store.text', 'customDomains', switches) : `features.${id}.text`,
    })),
  };
}

/** The key of a plan's description: the premium plan names its own domain only once stores can have one. */
export function planTextKey(planId: string, switches: Readonly<FeatureSwitches> = FEATURES): string {
  return planId === 'premium' ? offerKey('plans.premium.text', 'customDomains', switches) : `plans.${planId}.text`;
}
