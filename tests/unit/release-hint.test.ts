/**
 * The balance's release hint reads naturally for any number of days, in Spanish and English (i18next plurals, with
 * the zero form for money released the same day): never "se libera 0 días después".
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import es from '../../src/locales/es/balances.json';
import en from '../../src/locales/en/balances.json';

describe('release hint', () => {
  it('says “the same day” for 0 days, and singular or plural otherwise', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'es', resources: { es: { balances: es }, en: { balances: en } } });
    const hint = (count: number, lng: string) => i18n.t('balances:summary.releaseHint', { count, lng });
    expect(hint(0, 'es')).toBe(
      'El dinero de un pedido pagado queda pendiente y se libera el mismo día en que lo entregas.',
    );
    expect(hint(1, 'es')).toContain('se libera 1 día después');
    expect(hint(7, 'es')).toContain('se libera 7 días después');
    expect(hint(0, 'en')).toBe("A paid order's money stays pending and is released on the day you deliver it.");
    expect(hint(1, 'en')).toContain('released 1 day after');
    expect(hint(7, 'en')).toContain('released 7 days after');
    for (const n of [0, 1, 2, 7, 30]) expect(hint(n, 'es')).not.toMatch(/\b0 días/);
  });
});
