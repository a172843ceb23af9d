/**
 * Pages and messages offer only what exists (decision 108): with today's switches (src/shared/features.ts: custom
 * domains, dropshipping, the global catalogue and quotes are on) no text shown on Vitrina's home, the seller's
 * dashboard, the premium plan or the checkout's "total too high" message offers a switched-off feature (messages);
 * switching a feature on brings its texts back from the catalogues.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorMessageKey, FEATURES, type Feature, type FeatureSwitches } from '../../src/shared/features.js';
import { planTextKey, platformHomeTexts } from '../../src/web/platform/platform-offers.js';
import { premiumFeatureKeys } from '../../src/web/admin/features/subscription/premium-features.js';
import { domainHintKey } from '../../src/web/admin/features/dashboard/domain-hint.js';

const dir = path.resolve(__dirname, '../../src/locales');
const catalogue = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;

/** The text of `key` in `ns`, in both languages; fails the test when it is missing. */
function texts(ns: string, key: string): string[] {
  return ['es', 'en'].map((lang) => {
    const v = key
      .split('.')
      .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], catalogue(lang, ns));
    expect(typeof v, `${lang}/${ns}.json ${key}`).toBe('string');
    return v as string;
  });
}

/** Everything the four places show under `switches`, with the feature each text could offer. */
function shown(switches: FeatureSwitches): string[] {
  const home = platformHomeTexts(switches);
  const hint = domainHintKey(switches);
  return [
    ...home.features.flatMap((f) => [...texts('platform', f.title), ...texts('platform', f.text)]),
    ...['monthly', 'yearly', 'premium'].flatMap((id) => texts('platform', planTextKey(id, switches))),
    ...premiumFeatureKeys(switches).flatMap((k) => texts('subscriptions', k)),
    ...(hint ? texts('admin', hint) : []),
    ...texts('errors', errorMessageKey('ORDER_TOTAL_TOO_HIGH', switches)),
    // The dashboard's and admin's other texts of those screens.
    ...texts('admin', 'comingSoon.text'),
  ];
}

const OFFERS: Record<Feature, RegExp> = {
  customDomains: /dominio|domain/i,
  dropshipping: /dropshipping/i,
  globalCatalog: /cat[aá]logo global|global catalog/i,
  quotes: /cotizaci|quote/i,
  messages: /mensaje|message/i,
};
const on = (feature: Feature): FeatureSwitches => ({ ...FEATURES, [feature]: true });

describe('feature switches', () => {
  it('today custom domains, the global catalogue, dropshipping and quotes are on, and nothing shown offers the others or promises a date', () => {
    expect(Object.keys(FEATURES).filter((f) => FEATURES[f as Feature])).toEqual([
      'customDomains',
      'dropshipping',
      'globalCatalog',
      'quotes',
    ]);
    const all = shown(FEATURES);
    for (const [feature, offer] of Object.entries(OFFERS).filter(([f]) => !FEATURES[f as Feature]))
      expect(
        all.filter((s) => offer.test(s)),
        feature,
      ).toEqual([]);
    expect(all.filter((s) => /pronto|soon|siguiente versi|next version/i.test(s))).toEqual([]);
    // The shopper whose total is too large is told to split the order or ask for a quote, which now exists.
    expect(texts('errors', errorMessageKey('ORDER_TOTAL_TOO_HIGH'))[0]).toContain('pide una cotización');
    expect(texts('errors', errorMessageKey('ORDER_TOTAL_TOO_HIGH', { ...FEATURES, quotes: false }))[0]).toContain(
      'contacta a la tienda',
    );
  });

  it('switching custom domains on brings back "tu dominio", the plan line and the dashboard hint', () => {
    const all = shown(on('customDomains'));
    expect(all.some((s) => s.includes('Tu tienda, tu dominio'))).toBe(true);
    expect(
      all.some((s) => s.includes('Para tiendas que crecen: tu dominio propio, colaboradores y soporte prioritario.')),
    ).toBe(true);
    expect(all.some((s) => s.includes('Hasta 10 dominios propios'))).toBe(true);
    expect(all.some((s) => s.includes('agrégalo en Dominios'))).toBe(true);
  });

  it('switching dropshipping or quotes on brings back their texts', () => {
    expect(shown(on('dropshipping')).some((s) => s.includes('Dropshipping: vende productos de proveedores'))).toBe(
      true,
    );
    expect(shown({ ...FEATURES, dropshipping: false }).some((s) => OFFERS.dropshipping.test(s))).toBe(false);
    const quotes = texts('errors', errorMessageKey('ORDER_TOTAL_TOO_HIGH', on('quotes')));
    expect(quotes[0]).toContain('pide una cotización');
    expect(quotes[1]).toMatch(/quote/i);
  });
});
