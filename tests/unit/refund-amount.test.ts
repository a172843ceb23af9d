/** The refund form's pesos → integer centavos (admin order page): exact, no floating-point drift. */
import { describe, expect, it } from 'vitest';
import { pesosToCents } from '../../src/web/admin/features/sales/order-refunds.js';

describe('refund amount in pesos', () => {
  it('turns typed pesos into whole centavos', () => {
    expect(pesosToCents('150')).toBe(15_000);
    expect(pesosToCents(' 150.5 ')).toBe(15_050);
    expect(pesosToCents('150,50')).toBe(15_050);
    expect(pesosToCents('0.29')).toBe(29); // 0.29 × 100 is 28.999… in floating point
    expect(pesosToCents('1684.57')).toBe(168_457);
  });
  it('refuses what is not an amount with up to two decimals', () => {
    for (const bad of ['', 'diez', '1.234', '1,234.50', '-5', '1e3', '.5']) expect(pesosToCents(bad), bad).toBeNaN();
  });
});
