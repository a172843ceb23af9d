/**
 * Text analysis shared by indexing and querying (decision 033): accent-free lower-case words, stop words dropped, and
 * the Snowball stemmer of the store's language (the algorithm PostgreSQL's `spanish` and `english` configurations
 * use), so "Playeras", "playera" and "PLAYERA" are one term and "pantalón" matches "pantalones".
 */
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { stemmer as englishStemmer } from '@orama/stemmers/english';

export type SearchLang = 'es' | 'en';

/** Lower-case, accents and the tilde of ñ removed (shoppers type "pantalon", "nino"); other characters kept. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Accent-free lower-case words of `text`: runs of letters and digits ("20v", "1/4" gives "1", "4"). */
export function words(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

const STOP_WORDS: Record<SearchLang, Set<string>> = {
  es: new Set(
    'a al con de del el en la las lo los para por sin su sus un una uno unos unas y o e u que se es mas muy'.split(' '),
  ),
  en: new Set('a an and at by for from in is it of on or the to with without your'.split(' ')),
};

/** True for words that carry no meaning in a product search ("de", "con", "the"). */
export function isStopWord(word: string, lang: SearchLang): boolean {
  return STOP_WORDS[lang].has(word);
}

const STEMMERS: Record<SearchLang, (w: string) => string> = { es: spanishStemmer, en: englishStemmer };
const stemCache: Record<SearchLang, Map<string, string>> = { es: new Map(), en: new Map() };

/** Snowball stem of an accent-free lower-case word; words with digits are kept whole. Memoised (vocabulary is small). */
export function stem(word: string, lang: SearchLang): string {
  const cache = stemCache[lang];
  let s = cache.get(word);
  if (s === undefined) {
    s = /[0-9]/.test(word) || word.length < 3 ? word : STEMMERS[lang](word);
    if (cache.size < 200_000) cache.set(word, s);
  }
  return s;
}

/** The terms of `text` as indexed: words without stop words, stemmed. */
export function terms(text: string, lang: SearchLang): string[] {
  const out: string[] = [];
  for (const w of words(text)) if (!isStopWord(w, lang)) out.push(stem(w, lang));
  return out;
}
