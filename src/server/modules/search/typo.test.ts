import { describe, expect, it } from 'vitest';
import { closestWord, substitutionCost, typoBudget, typoDistance } from './typo.js';
import { planQuery, synonymTable } from './query-plan.js';

describe('typo tolerance (decision 033)', () => {
  it('charges 1 for a likely slip and 2 for an unlikely replacement', () => {
    expect(substitutionCost('s', 'd')).toBe(1); // keyboard neighbours
    expect(substitutionCost('b', 'v')).toBe(1); // sound alike in Spanish
    expect(substitutionCost('a', 'e')).toBe(1); // vowels
    expect(substitutionCost('p', 'n')).toBe(2);
  });

  it('allows no typo under 4 letters, one up to 8, two from 9', () => {
    expect([3, 4, 8, 9].map(typoBudget)).toEqual([0, 1, 1, 2]);
  });

  it('measures missing, extra, swapped and replaced letters', () => {
    expect(typoDistance('sudadra', 'sudadera', 2)).toBe(1);
    expect(typoDistance('taldro', 'taladro', 2)).toBe(1);
    expect(typoDistance('chamrara', 'chamarra', 2)).toBe(1);
    expect(typoDistance('mochia', 'mochila', 2)).toBe(1);
    expect(typoDistance('speakers', 'sneakers', 1)).toBe(Infinity);
    expect(typoDistance('abc', 'xyzxyz', 2)).toBe(Infinity);
  });

  it('picks the closest known word, never one too far', () => {
    const freq = new Map([
      ['sudadera', 10],
      ['sneakers', 1],
      ['taladro', 2],
    ]);
    const f = (w: string) => freq.get(w) ?? 0;
    expect(closestWord('sudadra', freq.keys(), f)).toBe('sudadera');
    expect(closestWord('speakers', freq.keys(), f)).toBeNull();
    expect(closestWord('tal', freq.keys(), f)).toBeNull();
  });
});

describe('query plans', () => {
  const es = synonymTable('es', [['chamarra', 'chumpa']]);

  it('stems words, drops stop words and keeps synonyms of both the built-in and the seller’s groups', () => {
    const plan = planQuery('Chamarras de Niño', 'es', es)!;
    expect(plan.words.map((w) => w.surface)).toEqual(['chamarras', 'nino']);
    expect(plan.words[0].stem).toBe('chamarr');
    expect(plan.words[0].synonyms).toEqual(expect.arrayContaining(['chaqueta', 'chumpa', 'jacket']));
    // Groups are not chained: "chaqueta" is in the built-in group only.
    expect(planQuery('chaqueta', 'es', es)!.words[0].synonyms).not.toContain('chumpa');
  });

  it('keeps a query made only of stop words, and gives no plan for no words', () => {
    expect(planQuery('de', 'es', es)!.words.map((w) => w.surface)).toEqual(['de']);
    expect(planQuery('  ¿? ', 'es', es)).toBeNull();
  });
});
