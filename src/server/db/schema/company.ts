/**
 * Company profile of a store: one row per store, written one admin form (section) at a
 * time. Lists that are always saved whole with their form (photos, contacts, certificates, markets, terms) are jsonb
 * arrays validated by the zod contracts of src/shared/contracts/company.ts; files are `{ id, url }` references to
 * uploads of the files module.
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
