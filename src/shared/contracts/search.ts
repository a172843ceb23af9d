/** Search settings of a store, edited by its seller (/api/admin/search/synonyms). */
import { z } from 'zod';
import { SYNONYM_GROUP_MAX_WORDS, SYNONYM_WORD_MAX_LENGTH } from '../limits.js';

/** One word of a synonym group: letters and digits only (accents allowed), 2 to 30 characters. */
export const synonymWord = z
  .string()
  .trim()
  .min(2)
  .max(SYNONYM_WORD_MAX_LENGTH)
  .regex(/^[\p{L}\p{N}]+$/u, { message: 'i18n:synonym_word' });

const fold = (w: string) =>
  w
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** POST and PUT body: the words of a group, each different from the others (ignoring case and accents). */
export const synonymGroupBody = z.object({
  terms: z
    .array(synonymWord)
    .min(2)
    .max(SYNONYM_GROUP_MAX_WORDS)
    .refine((terms) => new Set(terms.map(fold)).size === terms.length, { params: { i18n: 'synonym_duplicate' } }),
});
export type SynonymGroupBody = z.infer<typeof synonymGroupBody>;

export const synonymGroup = z.object({
  id: z.string(),
  terms: z.array(z.string()),
  updatedAt: z.string(),
});
export type SynonymGroup = z.infer<typeof synonymGroup>;

export const synonymGroupList = z.object({ groups: z.array(synonymGroup) });
