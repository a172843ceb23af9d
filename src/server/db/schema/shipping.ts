/**
 * Shipping settings of a store (the pickup schedule and the pickup location):
 * when the carrier collects the store's parcels and where, which is also the branch where buyers pick up their orders.
 * Owned by the shipping module.
 */
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';

/** PickupLocation: Contact and Address (StreetLines are two lines; CountryCode defaults to MX). */
export interface PickupLocationRow {
  contact: { personName: string; companyName: string; phoneNumber: string };
  address: { streetLines: [string, string]; city: string; postalCode: string; countryCode: 'MX' };
}

export const pickupSettings = pgTable('pickup_settings', {
  /** One row per store. */
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  /** tipo_recoleccion: regular (the carrier comes on the chosen days) | on_call (the seller asks each time). */
  pickupType: text('pickup_type').notNull(),
  /** dias: the weekdays of a regular pickup, among mon..sat. */
  days: text('days').array().notNull(),
  /** hora: "HH:MM", the earliest time parcels are ready, in the store's time zone. */
  hour: text('hour').notNull(),
  location: jsonb('location').$type<PickupLocationRow>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
