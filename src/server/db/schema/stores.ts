/**
 * Stores (tenants), their settings and their domains.
 * `stores` is the tenant root: every tenant-owned table references `stores.id` as `store_id`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { SLUG_SKELETON_SQL } from '../../../shared/store-names.js';

/** Look and settings of a storefront; colours are CSS hex strings. */
export interface StoreSettings {
  supportPhone?: string;
  supportEmail?: string;
  menuName?: string;
  aboutUs?: string;
  logoUrl?: string;
  /** Files-module id of the logo (and of the images below), when uploaded through it. */
  logoFileId?: string;
  iconFileId?: string;
  cartIcon?: { url: string; fileId?: string };
  verificationIcon?: { url: string; fileId?: string };
  bannerImages?: {
    url: string;
    fileId?: string;
    title?: string;
    buttonTitle?: string;
    buttonUrl?: string;
    buttonTextColor?: string;
  }[];
  /** Home carousel images. */
  carouselImages?: { url: string; fileId?: string }[];
  /** The banner's call to action. */
  bannerButton?: { title: string; url: string; textColor: string };
  colors?: Partial<
    Record<'navbar' | 'navbarText' | 'primary' | 'secondary' | 'info' | 'highlight' | 'footerBg' | 'footerText', string>
  >;
  social?: { facebook?: string; instagram?: string; youtube?: string };
  /** IANA time zone the store's days are counted in ("Pedidos de hoy"); default America/Mexico_City. */
  timeZone?: string;
}

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    lang: text('lang').notNull().default('es'),
    iconUrl: text('icon_url'),
    settings: jsonb('settings')
      .$type<StoreSettings>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** active | deactivated (under construction) | suspended (402). */
    status: text('status').notNull().default('active'),
    /** Who suspended it: subscription (paying reactivates it) | operator (only the operator does); null when active. */
    suspendedBy: text('suspended_by'),
    /** Fee the store charges for OXXO cash payments, integer centavos. */
    oxxoFeeCents: integer('oxxo_fee_cents').notNull().default(1500),
    /** Last issued order folio; incremented atomically when an order is placed. */
    lastFolio: integer('last_folio').notNull().default(0),
    websiteActive: boolean('website_active').notNull().default(true),
    /**
     * When the storefront became public. Null while the owner of a store created at sign-up has not verified their
     * email: the storefront answers 403 STORE_NOT_PUBLISHED and takes no orders (decision 100). Stores created
     * otherwise (seed, operator) and every store that existed before are published.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    /**
     * The set-up wizard's draft (`config_store.wizard_config`, empty object by default): the step reached and
     * each step's saved values; goes live on Finish (decision 050). Shape: WizardConfig in src/shared/contracts/website.ts.
     */
    wizardConfig: jsonb('wizard_config')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stores_slug_uq').on(t.slug),
    // Look-alike addresses ("dem0" for "demo") are found through this (decision 101; src/shared/store-names.ts).
    index('stores_slug_skeleton_idx').on(sql.raw(SLUG_SKELETON_SQL('slug'))),
  ],
);

export const storeDomains = pgTable(
  'store_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Lower-case ASCII (punycode) host name without port and without a leading "www.". */
    hostname: text('hostname').notNull(),
    /** `platform`: the store's address on the platform, made with the store; `custom`: added by the seller. */
    kind: text('kind').notNull().default('platform'),
    /** pending_validation → verified → active; failed when its records were not found in time (decision 145). */
    status: text('status').notNull().default('pending_validation'),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** The value of the ownership TXT record a custom domain must publish. */
    verificationToken: text('verification_token'),
    /** none | requested | issued | renewing | failed: the TLS certificate of an active custom domain. */
    certificate: text('certificate').notNull().default('none'),
    /** What the last DNS check found per record (`{ [type:name]: { state, found } }`). */
    lastRecords: jsonb('last_records').$type<Record<string, { state: string; found?: string[] }>>(),
    lastError: text('last_error'),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    /** When the background check looks again (pending domains only); null: not scheduled. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checkAttempts: integer('check_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_domains_hostname_uq').on(t.hostname),
    index('store_domains_store_idx').on(t.storeId),
    // One primary address per store: two "make primary" at once cannot leave two.
    uniqueIndex('store_domains_primary_uq')
      .on(t.storeId)
      .where(sql`${t.isPrimary}`),
    index('store_domains_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'pending_validation'`),
    check('store_domains_kind', sql`${t.kind} in ('platform', 'custom')`),
    check('store_domains_status', sql`${t.status} in ('pending_validation', 'verified', 'active', 'failed')`),
    check('store_domains_certificate', sql`${t.certificate} in ('none', 'requested', 'issued', 'renewing', 'failed')`),
  ],
);

/**
 * Editable store content (/aviso, /politicas_compras, /pagos_envios, /faq, /glosario): one row per store and
 * kind; `body` is `{ html }` for the pages (sanitised on the server) or `{ items }` for the FAQ and glossary. A store
 * without a row shows the default text of its language (decision 049).
 */
export const storeContent = pgTable(
  'store_content',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.kind] }), index('store_content_store_idx').on(t.storeId)],
);
