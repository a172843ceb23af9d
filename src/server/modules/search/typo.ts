/**
 * Typo tolerance (decision 033): a weighted Damerau-Levenshtein distance that models what shoppers mistype. A missing,
 * extra or swapped letter costs 1; a letter replaced by a neighbour on the keyboard (QWERTY, as on Latin American
 * layouts), by another vowel, or by a letter that sounds the same in Spanish (b/v, s/z/c, c/k/q, g/j, i/y) costs 1; any
 * other replacement costs 2. A word may carry one typo up to 8 letters and two from 9, none under 4: "sudadra" finds
 * "sudadera" and "taldro" "taladro", but "speakers" is not read as "sneakers" (p and n are far apart).
 */

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const ROW_OFFSET = [0, 0.25, 0.75];
const KEY_POS = new Map<string, [number, number]>();
ROWS.forEach((row, y) => [...row].forEach((ch, x) => KEY_POS.set(ch, [x + ROW_OFFSET[y], y])));

const SOUND_ALIKE = ['bv', 'sz', 'sc', 'cz', 'ck', 'kq', 'cq', 'gj', 'iy'];
const VOWELS = new Set('aeiou');

function cheapSwap(a: string, b: string): boolean {
  if (VOWELS.has(a) && VOWELS.has(b)) return true;
  if (SOUND_ALIKE.includes(a + b) || SOUND_ALIKE.includes(b + a)) return true;
  const pa = KEY_POS.get(a);
  const pb = KEY_POS.get(b);
  return Boolean(pa && pb && Math.abs(pa[1] - pb[1]) <= 1 && Math.abs(pa[0] - pb[0]) <= 1.1);
}

const swapCost = new Map<string, number>();
/** Cost of replacing letter `a` with `b`: 0 when equal, 1 for a likely slip, 2 otherwise. */
export function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  const key = a < b ? a + b : b + a;
  let c = swapCost.get(key);
  if (c === undefined) {
    c = cheapSwap(a, b) ? 1 : 2;
    swapCost.set(key, c);
  }
  return c;
}

/** Typos a word of this length may carry (0 under 4 letters, 1 up to 8, 2 from 9). */
export function typoBudget(length: number): number {
  return length < 4 ? 0 : length < 9 ? 1 : 2;
}

/**
 * Weighted optimal-string-alignment distance between two accent-free lower-case words, or Infinity as soon as it must
 * exceed `max` (so scanning a vocabulary stays cheap).
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Infinity;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + substitutionCost(a[i - 1], b[j - 1]));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    // A swap of two letters reaches this row from two rows up, so both rows must be over budget to stop early.
    if (rowMin > max && prevMin > max) return Infinity;
    prevMin = rowMin;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n] <= max ? prev[n] : Infinity;
}

/**
 * The closest word of `vocabulary` to `word` within its typo budget, preferring the smaller distance, then the word
 * found in more products (`frequency`), then the alphabetically first; null when none is close enough.
 */
export function closestWord(
  word: string,
  vocabulary: Iterable<string>,
  frequency: (w: string) => number,
): string | null {
  const max = typoBudget(word.length);
  if (max === 0) return null;
  let best: string | null = null;
  let bestD = Infinity;
  let bestF = -1;
  for (const v of vocabulary) {
    if (v === word || v.length < 3) continue;
    const d = typoDistance(word, v, Math.min(max, bestD));
    if (d === Infinity) continue;
    const f = frequency(v);
    if (d < bestD || (d === bestD && (f > bestF || (f === bestF && best !== null && v < best)))) {
      best = v;
      bestD = d;
      bestF = f;
    }
  }
  return best;
}
