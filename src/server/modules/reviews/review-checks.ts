/**
 * The automatic checks a review passes before it is published (decision 157): no links, no contact data (an email,
 * a phone number: a review is not a way around the store's checkout or messages), no profanity in Spanish or English.
 * A review that fails one is held hidden with its flags for the seller to decide; nothing is rewritten.
 */
import type { ReviewFlag } from '../../../shared/contracts/reviews.js';

/**
 * A short list kept in code: the maintained npm lists are English-only or carry thousands of words that are ordinary
 * Mexican Spanish in another sense (a false hold costs a buyer a day), and the seller sees every review anyway. Words
 * are matched whole, after lower-casing and removing accents; add words here, never substrings.
 */
const PROFANITY = new Set([
  // Spanish (Mexico and general)
  'pendejo',
  'pendeja',
  'pendejos',
  'pendejada',
  'chingada',
  'chingado',
  'chingar',
  'chingue',
  'chinguen',
  'verga',
  'vergas',
  'culero',
  'culera',
  'cabron',
  'cabrona',
  'cabrones',
  'puta',
  'putas',
  'puto',
  'putos',
  'mierda',
  'pinche',
  'pinches',
  'joto',
  'marica',
  'maricon',
  'mamon',
  'mamada',
  'ojete',
  'coño',
  'gilipollas',
  'estupido',
  'estupida',
  'idiota',
  'imbecil',
  // English
  'fuck',
  'fucking',
  'fucked',
  'fucker',
  'shit',
  'shitty',
  'bullshit',
  'bitch',
  'bitches',
  'asshole',
  'bastard',
  'cunt',
  'dick',
  'motherfucker',
  'slut',
  'whore',
  'retard',
]);

const LINK = /(https?:\/\/|www\.)\S+|\b[a-z0-9-]{2,}\.(com|mx|net|org|info|io|co|shop|store|site|online|xyz|ly|me)\b/i;
const EMAIL = /[a-z0-9._%+-]+\s*(@|\(at\)|\[at\])\s*[a-z0-9-]+(\.[a-z0-9-]+)+/i;
/** Ten or more digits in a row, allowing spaces, dots, dashes and parentheses between them (a Mexican phone). */
const PHONE = /(\+?\d[\s().-]*){10,}/;

/** Lower case without accents (ñ kept apart from n only in the word list's own spelling). */
function normalise(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/(?!\u0303)[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/** What the checks find in a review's title and comment (empty: it may be published). */
export function reviewFlags(title: string, comment: string): ReviewFlag[] {
  const all = `${title}\n${comment}`;
  const flags: ReviewFlag[] = [];
  if (LINK.test(all)) flags.push('link');
  if (EMAIL.test(all) || PHONE.test(all)) flags.push('contact');
  const words = normalise(all).split(/[^\p{L}\p{N}]+/u);
  if (words.some((w) => PROFANITY.has(w))) flags.push('profanity');
  return flags;
}
