/**
 * What a shopper's words ask for (decision 033): each meaningful word becomes a group of alternatives that a product
 * must match (all groups must match): the word's stem exactly, any term that starts with the typed word (partial
 * words, "sudade"), and the stems of its synonyms (built-in for the store's language plus the seller's own).
 */
import { BUILT_IN_SYNONYMS } from './synonyms-lexicon.js';
import { isStopWord, stem, words, type SearchLang } from './text.js';

export interface QueryWord {
  /** The word as typed, folded (no accents, lower case). */
  surface: string;
  /** Its stem, matched exactly. */
  stem: string;
  /** Match terms that start with `surface` too (words of 2 letters or more). */
  prefix: boolean;
  /** Its synonyms (folded words) and their stems, matched exactly (below the word itself: index-query.ts SYNONYM_FACTOR). */
  synonyms: string[];
  synonymStems: string[];
}

export interface QueryPlan {
  words: QueryWord[];
}

/** Synonyms of one store: stem -> the other (folded) words of every group a word with that stem belongs to. */
export type SynonymTable = Map<string, Set<string>>;

/** Most words of a query that count (the rest are ignored), so a pasted paragraph cannot cost much. */
export const MAX_QUERY_WORDS = 8;

const builtIn = new Map<SearchLang, SynonymTable>();

/**
 * Builds the synonym table of a store from the built-in groups of `lang` and the seller's `groups`. A store without
 * groups of its own gets one table per language shared by every such store (about 20 KB each, so it is not copied
 * per store); callers only read it.
 */
export function synonymTable(lang: SearchLang, groups: readonly string[][]): SynonymTable {
  if (!groups.length) {
    let shared = builtIn.get(lang);
    if (!shared) builtIn.set(lang, (shared = buildTable(lang, [])));
    return shared;
  }
  return buildTable(lang, groups);
}

function buildTable(lang: SearchLang, groups: readonly string[][]): SynonymTable {
  const table: SynonymTable = new Map();
  for (const group of [...BUILT_IN_SYNONYMS[lang], ...groups]) {
    const members = [...new Set(group.flatMap((w) => words(w)))];
    for (const m of members) {
      const s = stem(m, lang);
      const set = table.get(s) ?? new Set<string>();
      for (const other of members) if (stem(other, lang) !== s) set.add(other);
      table.set(s, set);
    }
  }
  return table;
}

function synonymsOf(s: string, lang: SearchLang, table: SynonymTable) {
  const synonyms = [...(table.get(s) ?? [])];
  return { synonyms, synonymStems: [...new Set(synonyms.map((w) => stem(w, lang)))] };
}

/** The plan of query `q`, or null when it has no meaningful word (then the search lists everything). */
export function planQuery(q: string, lang: SearchLang, synonyms: SynonymTable): QueryPlan | null {
  const all = words(q);
  const meaningful = all.filter((w) => !isStopWord(w, lang));
  // A query made only of stop words ("de") still searches for them rather than listing everything.
  const chosen = (meaningful.length ? meaningful : all).slice(0, MAX_QUERY_WORDS);
  if (!chosen.length) return null;
  return {
    words: [...new Set(chosen)].map((surface) => {
      const s = stem(surface, lang);
      return { surface, stem: s, prefix: surface.length >= 2, ...synonymsOf(s, lang, synonyms) };
    }),
  };
}

/** The same plan with some words replaced (typo corrections), keeping their synonyms up to date. */
export function replaceWords(
  plan: QueryPlan,
  replacements: Map<string, string>,
  lang: SearchLang,
  synonyms: SynonymTable,
): QueryPlan {
  return {
    words: plan.words.map((w) => {
      const r = replacements.get(w.surface);
      if (!r) return w;
      const s = stem(r, lang);
      return { surface: r, stem: s, prefix: false, ...synonymsOf(s, lang, synonyms) };
    }),
  };
}
