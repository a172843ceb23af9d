import { describe, expect, it } from 'vitest';
import { formatKilograms } from './format';

describe('formatKilograms', () => {
  it('writes the same text as Intl.NumberFormat in es-MX and en-US', () => {
    const intl = [new Intl.NumberFormat('es-MX'), new Intl.NumberFormat('en-US')];
    const grams = Array.from({ length: 3001 }, (_, i) => i);
    for (let x = 11, i = 0; i < 3000; i++) {
      x = (x * 48271) % 2147483647;
      grams.push(x % 10 ** (1 + (i % 10)));
    }
    grams.push(999_999, 1_000_000, 1_234_567_890);
    for (const g of grams) for (const f of intl) expect(formatKilograms(g)).toBe(f.format(g / 1000));
    expect(formatKilograms(250)).toBe('0.25');
    expect(formatKilograms(1_234_567)).toBe('1,234.567');
    expect(formatKilograms(-1500)).toBe('-1.5');
  });

  it('refuses what is not a whole number of grams', () => {
    expect(() => formatKilograms(1.5)).toThrow(RangeError);
    expect(() => formatKilograms(Number.NaN)).toThrow(RangeError);
  });
});
