/**
 * Every table of the schema carries `store_id` (so every query can be scoped by it, and the tables can later be
 * partitioned or distributed by store), except the platform's own tables named here with the reason. A new table
 * without the column fails this test until it gets one or a reason.
 */
import { describe, expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../src/server/db/schema/index.js';

const PLATFORM_TABLES: Record<string, string> = {
  stores: 'the tenants themselves',
  subscription_plans: 'the plans every store chooses from',
  postal_codes: 'the SEPOMEX catalogue, the same for everyone',
  visit_salts: 'one random salt per calendar day for every store’s visitor keys (the store is in the hashed text)',
  operator_sessions: 'sessions of the platform operator, who belongs to no store',
  email_verifications: "a platform account's email, before any store exists (seller sign-up)",
  sandbox_payment_methods: "the sandbox payment provider's own records (an outside service's tables)",
  sandbox_payments: "the sandbox payment provider's own records",
  sandbox_recurring_charges: "the sandbox payment provider's own records",
  sandbox_refunds: "the sandbox payment provider's own records",
  sandbox_webhook_events: "the sandbox payment provider's own records",
};

const tables = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => v instanceof PgTable)
  .map((t) => getTableConfig(t));

describe('tenant columns', () => {
  it('finds the schema’s tables', () => {
    expect(tables.length).toBeGreaterThan(40);
  });

  it('every table but the platform’s own carries store_id', () => {
    const missing = tables
      .filter((t) => !t.columns.some((c) => c.name === 'store_id'))
      .map((t) => t.name)
      .filter((name) => !(name in PLATFORM_TABLES));
    expect(missing).toEqual([]);
  });

  it('names no platform table that does not exist or that has store_id after all', () => {
    const byName = new Map(tables.map((t) => [t.name, t]));
    for (const name of Object.keys(PLATFORM_TABLES)) {
      expect(byName.has(name), name).toBe(true);
      expect(
        byName.get(name)!.columns.some((c) => c.name === 'store_id'),
        name,
      ).toBe(false);
    }
  });
});
