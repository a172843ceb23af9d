/**
 * Option labels (src/shared/option-labels.ts) with the real catalogues: option names in the reader's language, values
 * as the seller wrote them, unknown names as entered; the same function the cart, the order page, the seller's order
 * page and the order emails use.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPTION_KINDS, optionKind, optionsLabel, type OptionKind } from '../../src/shared/option-labels.js';

const catalogue = (lang: string) =>
  JSON.parse(fs.readFileSync(`src/locales/${lang}/common.json`, 'utf8')).optionName as Record<OptionKind, string>;
const es = catalogue('es');
const en = catalogue('en');

describe('option labels', () => {
  it('names every kind in both catalogues', () => {
    for (const kind of OPTION_KINDS) {
      expect(es[kind], kind).toBeTruthy();
      expect(en[kind], kind).toBeTruthy();
    }
  });

  it('reads "Talla: G · Color: Rojo" in Spanish and "Size: G · Colour: Rojo" in English', () => {
    expect(optionsLabel({ size: 'G', color: 'Rojo' }, (k) => es[k])).toBe('Talla: G · Color: Rojo');
    expect(optionsLabel({ size: 'G', color: 'Rojo' }, (k) => en[k])).toBe('Size: G · Colour: Rojo');
    // Older products and imports name the kinds their own way.
    expect(optionsLabel({ talla: 'M', Colour: 'Azul', tipo: 'Mate' }, (k) => es[k])).toBe(
      'Talla: M · Color: Azul · Tipo: Mate',
    );
    expect(optionsLabel({ talla: 'M' }, (k) => en[k], ', ')).toBe('Size: M');
  });

  it("shows a name of the seller's own as entered, and never translates a value", () => {
    expect(optionsLabel({ RAM: '16 GB', 'screen size': '15"' }, (k) => en[k])).toBe('RAM: 16 GB · Screen size: 15"');
    expect(optionsLabel({ color: 'size' }, (k) => es[k])).toBe('Color: size');
    expect(optionKind('Capacidad')).toBe('capacity');
    expect(optionKind('Material')).toBeNull();
  });
});
