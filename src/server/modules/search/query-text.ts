/** Helpers of the PostgreSQL engine's typo fallback (sql-engine.ts): the closest product-name words. */
/** Lower-case, accent-free words of a query (letters and digits only). */
export function normaliseWords(q: string): string[] {
  return q
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9ñ]+/)
    .filter((w) => w.length > 0);
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0];
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j];
      dp[j] = Math.min(dp[j] + 1, dp[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length];
}

/** The query with each word replaced by the closest word of `names` (edit distance ≤ 2), or null if nothing changed. */
export function suggestCorrection(q: string, names: string[]): string | null {
  const vocabulary = [...new Set(names.flatMap(normaliseWords))].filter((w) => w.length > 2);
  let changed = false;
  const corrected = normaliseWords(q).map((w) => {
    if (vocabulary.includes(w)) return w;
    let best = w;
    let bestD = 3;
    for (const v of vocabulary) {
      if (Math.abs(v.length - w.length) > 2) continue;
      const d = editDistance(w, v);
      if (d < bestD) {
        bestD = d;
        best = v;
      }
    }
    if (best !== w) changed = true;
    return best;
  });
  return changed ? corrected.join(' ') : null;
}
