/**
 * Search settings of a store: the seller's synonym groups. Each group is a set of words a
 * shopper may type for the same thing ("chamarra", "chaqueta", "campera"); a query word in a group also matches the
 * others. Words are stored as the seller typed them; the search normalises them.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';

export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** 2 to 10 single words (limits in src/shared/limits.ts). */
    terms: text('terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_synonyms_store_idx').on(t.storeId)],
);

/**
 * A storefront search (decision 161): the words as the search normalised them and how many products matched, with
 * nothing about who searched. Written in batches by the search route's recorder.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    results: integer('results').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_terms_store_time_idx').on(t.storeId, t.searchedAt)],
);
