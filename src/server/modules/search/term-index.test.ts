import { describe, expect, it } from 'vitest';
import { FIELD_BOOST, TermIndex, weighDoc, type FieldTerms } from './term-index.js';

const AVG = [2, 2, 10];
const weightOf = (fields: FieldTerms, term: string, avg: readonly number[] = AVG) => {
  const d = weighDoc(0, fields, avg);
  return d.weights[d.terms.indexOf(term)];
};

describe('weighDoc (decision 033: BM25F-style term weights)', () => {
  it('weighs a word in the name above the same word in the tags, and the tags above the descriptions', () => {
    const inName = weightOf([['taladr', 'x'], [], []], 'taladr');
    const inTags = weightOf([[], ['taladr', 'x'], []], 'taladr');
    const inText = weightOf([[], [], ['taladr', ...Array(9).fill('x')]], 'taladr');
    expect(inName).toBeGreaterThan(inTags);
    expect(inTags).toBeGreaterThan(inText);
    expect(FIELD_BOOST).toEqual([3, 1.5, 0.6]);
  });

  it('adds up the fields a word appears in, once per term', () => {
    const d = weighDoc(7, [['taladr'], ['taladr', 'bosch'], []], AVG);
    expect(d.ord).toBe(7);
    expect(d.terms).toEqual(['taladr', 'bosch']);
    expect(d.weights[0]).toBeCloseTo(
      weightOf([['taladr'], [], []], 'taladr') + weightOf([[], ['taladr', 'bosch'], []], 'taladr'),
      5,
    );
  });

  it('saturates repeated words: the tenth repetition adds far less than the second', () => {
    const once = weightOf([[], [], ['lamp']], 'lamp');
    const twice = weightOf([[], [], ['lamp', 'lamp']], 'lamp');
    const ten = weightOf([[], [], Array(10).fill('lamp')], 'lamp');
    const eleven = weightOf([[], [], Array(11).fill('lamp')], 'lamp');
    expect(twice).toBeGreaterThan(once);
    expect(eleven - ten).toBeLessThan((twice - once) / 5);
    // The bound of BM25 saturation: boost × (k1 + 1).
    expect(ten).toBeLessThan(FIELD_BOOST[2] * 2.2);
  });

  it('favours the shorter of two names that contain the word (length normalisation)', () => {
    const short = weightOf([['shoe'], [], []], 'shoe');
    const long = weightOf([['shoe', 'running', 'trail', 'pro', 'max'], [], []], 'shoe');
    expect(short).toBeGreaterThan(long);
  });

  it('gives nothing for empty fields', () => {
    const d = weighDoc(0, [[], [], []], AVG);
    expect(d.terms).toEqual([]);
    expect(d.weights.length).toBe(0);
  });
});

describe('TermIndex', () => {
  const docs = [
    weighDoc(0, [['sudader', 'capuch'], ['rop'], []], AVG),
    weighDoc(1, [['sudader'], ['rop'], []], AVG),
    weighDoc(2, [['taladr'], ['herramient'], []], AVG),
    weighDoc(5, [['sud'], [], []], AVG),
  ];
  const index = TermIndex.build(docs);

  it('keeps a sorted vocabulary with one entry per distinct term', () => {
    expect(index.terms).toEqual(['capuch', 'herramient', 'rop', 'sud', 'sudader', 'taladr']);
  });

  it('finds a term exactly and lists the documents that hold it, with their weights', () => {
    const t = index.find('sudader');
    expect(t).toBeGreaterThanOrEqual(0);
    expect(index.docFrequency(t)).toBe(2);
    const postings = Array.from(index.docs.subarray(index.start[t], index.start[t + 1]));
    expect(postings).toEqual([0, 1]);
    expect(index.weights[index.start[t]]).toBeCloseTo(docs[0].weights[0], 5);
    expect(index.find('sudade')).toBe(-1);
    expect(index.find('zzz')).toBe(-1);
    expect(index.find('')).toBe(-1);
  });

  it('gives the range of terms that start with a prefix, empty when none does', () => {
    const [from, to] = index.prefixRange('sud');
    expect(index.terms.slice(from, to)).toEqual(['sud', 'sudader']);
    const [a, b] = index.prefixRange('sudad');
    expect(index.terms.slice(a, b)).toEqual(['sudader']);
    const [c, d] = index.prefixRange('zz');
    expect(d - c).toBe(0);
    const [e, f] = index.prefixRange('');
    expect(f - e).toBe(index.terms.length);
  });

  it('keeps document ordinals as given (gaps allowed: the delta segment numbers after the main one)', () => {
    const t = index.find('sud');
    expect(Array.from(index.docs.subarray(index.start[t], index.start[t + 1]))).toEqual([5]);
  });

  it('holds every posting once, in typed arrays', () => {
    const postings = docs.reduce((n, d) => n + d.terms.length, 0);
    expect(index.docs.length).toBe(postings);
    expect(index.start[index.terms.length]).toBe(postings);
    const strings = index.terms.reduce((n, t) => n + 24 + t.length, 0);
    expect(index.byteSize).toBe(4 * (index.terms.length + 1) + 8 * postings + strings);
  });

  it('builds an empty index that finds nothing', () => {
    for (const e of [TermIndex.empty(), TermIndex.build([])]) {
      expect(e.terms).toEqual([]);
      expect(e.find('a')).toBe(-1);
      const [from, to] = e.prefixRange('a');
      expect(to - from).toBe(0);
    }
  });
});
