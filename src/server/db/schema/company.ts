/**
 * Company profile of a store: one row per store, written one admin form (section) at a
 * time. Lists that are always saved whole with their form (photos, contacts, certificates, markets, terms) are jsonb
 * arrays validated by the zod contracts of src/shared/contracts/company.ts; files are `{ id, url }` references to
 * uploads of the files module.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from './stores.js';

type FileRefColumn = { id: string; url: string };

export const companyProfiles = pgTable('company_profiles', {
  /** One profile per store: the store id is the key (and its index). */
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  // Basic information
  name: text('name'),
  businessType: text('business_type'),
  /** The store acts as a supplier: it may publish products to the global catalogue (decision 134). */
  supplierEnabled: boolean('supplier_enabled').notNull().default(false),
  registrationYear: integer('registration_year'),
  employeeRange: text('employee_range'),
  websiteUrl: text('website_url'),
  legalOwner: text('legal_owner'),
  logo: jsonb('logo').$type<FileRefColumn | null>(),
  /** { startDay, endDay (1 Monday - 7 Sunday), startTime, endTime ("HH:MM") }. */
  openingHours: jsonb('opening_hours')
    .$type<{ startDay: number | null; endDay: number | null; startTime: string | null; endTime: string | null }>()
    .notNull()
    .default(sql`'{"startDay":null,"endDay":null,"startTime":null,"endTime":null}'::jsonb`),
  // Product details
  mainIndustry: text('main_industry'),
  otherProducts: text('other_products'),
  deliveryTerms: jsonb('delivery_terms')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  paymentTypes: jsonb('payment_types')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  // Complete information
  businessLicenceNumber: text('business_licence_number'),
  businessLicenceFile: jsonb('business_licence_file').$type<FileRefColumn | null>(),
  taxRegistrationNumber: text('tax_registration_number'),
  taxRegistrationFile: jsonb('tax_registration_file').$type<FileRefColumn | null>(),
  proofOfAddressFile: jsonb('proof_of_address_file').$type<FileRefColumn | null>(),
  factoryAddress: text('factory_address'),
  plantAreaM2: integer('plant_area_m2'),
  advantages: text('advantages'),
  introduction: text('introduction'),
  photos: jsonb('photos')
    .$type<FileRefColumn[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  // Contact people
  contacts: jsonb('contacts')
    .$type<{ name: string; phone: string; position: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  // Export information
  exporterName: text('exporter_name'),
  exportPercentage: integer('export_percentage'),
  mainMarkets: jsonb('main_markets')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  nearestPort: text('nearest_port'),
  exportLicenceNumber: text('export_licence_number'),
  exportLicenceFile: jsonb('export_licence_file').$type<FileRefColumn | null>(),
  // Certificate centre
  certificates: jsonb('certificates')
    .$type<{ name: string; photo: FileRefColumn }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A store's request for a supplier badge (decision 165): `verified` carries the company's documents as sent (business
 * licence, tax registration, proof of address, each with its expiry date), `audited` an audit report (auditor, date,
 * valid until). The operator accepts or rejects it; at most one pending request per store and badge.
 */
export const badgeRequests = pgTable(
  'badge_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** verified | audited */
    badge: text('badge').notNull(),
    /** pending | accepted | rejected */
    status: text('status').notNull().default('pending'),
    /** `{ kind, number, file, expiresOn }` for each document (kind: business_licence, tax_registration, proof_of_address, audit_report). */
    documents: jsonb('documents')
      .$type<{ kind: string; number: string | null; file: FileRefColumn; expiresOn: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    auditor: text('auditor'),
    auditedOn: date('audited_on', { mode: 'string' }),
    /** The badge lapses the day after: the earliest expiry of its documents. */
    validUntil: date('valid_until', { mode: 'string' }),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The operator's words on a rejection. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('badge_requests_store_idx').on(t.storeId),
    uniqueIndex('badge_requests_pending_uq')
      .on(t.storeId, t.badge)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** The badges a store holds now: one row per badge, gone when it lapses (the history is `badge_events`). */
export const supplierBadges = pgTable(
  'supplier_badges',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** verified | audited | diamond */
    badge: text('badge').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last day it holds (null: diamond, recomputed daily). */
    validUntil: date('valid_until', { mode: 'string' }),
    requestId: uuid('request_id'),
    /** When the owner was told it lapses in 30 and in 7 days (each sent once). */
    reminded30At: timestamp('reminded_30_at', { withTimezone: true }),
    reminded7At: timestamp('reminded_7_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.badge] })],
);

/** Every grant and lapse of a badge (decision 165): `event` granted | lapsed | revoked, with why. */
export const badgeEvents = pgTable(
  'badge_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    badge: text('badge').notNull(),
    event: text('event').notNull(),
    /** accepted (by the operator), expired (a document's date passed), rule (diamond computed), rule_lost. */
    reason: text('reason').notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('badge_events_store_idx').on(t.storeId, t.at)],
);
