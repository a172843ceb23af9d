/**
 * The hand-written identity block of the migrations (in drizzle/0008_store_builder_and_money.sql) on legacy
 * seller rows: each owner/collaborator row
 * becomes a membership of one platform account per email, existing sessions keep their store, collaborators keep
 * every permission, and the migrated sellers sign in at /admin/login (with the picker when in several stores).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createStoreFixture, TEST_PASSWORD } from '../helpers/factories.js';
import { hashPassword } from '../../src/server/modules/accounts/password.js';
import { newToken, hashToken } from '../../src/server/lib/tokens.js';

const drizzleDir = path.resolve(__dirname, '../../drizzle');
/** The migration holding the identity block, wherever the migrations were renumbered to. */
const migration = fs
  .readdirSync(drizzleDir)
  .filter((f) => f.endsWith('.sql'))
  .map((f) => fs.readFileSync(path.join(drizzleDir, f), 'utf8'))
  .find((sqlText) => sqlText.includes('-- ===== HAND-WRITTEN (identity'))!;
const block = migration.slice(
  migration.indexOf('-- ===== HAND-WRITTEN'),
  migration.indexOf('-- ===== END HAND-WRITTEN'),
);

type Rows = { rows: Record<string, unknown>[] };

describe('identity migration of legacy sellers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('folds legacy owner and collaborator rows into platform accounts with memberships', async () => {
    const db = t.database.db;
    const a = await createStoreFixture(db, { name: 'Legado A' });
    const b = await createStoreFixture(db, { name: 'Legado B' });
    const hash = await hashPassword(TEST_PASSWORD);
    const legacy = async (storeId: string, role: string, email: string, at: string) => {
      const r = (await db.execute(
        sql`insert into users (store_id, role, email, password_hash, full_name, created_at)
            values (${storeId}, ${role}, ${email}, ${hash}, 'Legado', ${at}::timestamptz) returning id`,
      )) as unknown as Rows;
      return r.rows[0].id as string;
    };
    const both = await legacy(a.id, 'owner', 'duena@legado.mx', '2026-01-01');
    await legacy(b.id, 'owner', 'duena@legado.mx', '2026-02-01');
    const colab = await legacy(a.id, 'collaborator', 'colab@legado.mx', '2026-03-01');
    const token = newToken();
    await db.execute(
      sql`insert into sessions (token_hash, user_id, store_id, expires_at)
          values (${hashToken(token)}, ${colab}, ${a.id}, now() + interval '1 day')`,
    );
    expect(block).toContain('INSERT INTO "store_memberships"');
    for (const statement of block.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const users = (await db.execute(
      sql`select id, role, store_id from users where email like '%@legado.mx' order by email`,
    )) as unknown as Rows;
    expect(users.rows).toEqual([
      { id: colab, role: 'seller', store_id: null },
      { id: both, role: 'seller', store_id: null },
    ]);
    const members = (await db.execute(
      sql`select user_id, store_id, role, permissions from store_memberships where user_id in (${both}, ${colab})`,
    )) as unknown as Rows;
    expect(members.rows).toHaveLength(3);
    expect(members.rows.find((m) => m.user_id === colab)).toMatchObject({
      store_id: a.id,
      role: 'collaborator',
      permissions: ['catalog', 'orders', 'money', 'settings'],
    });
    // The old session still works on its store.
    const me = await t.app.inject({ url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().store).toMatchObject({ id: a.id, role: 'collaborator' });
    // The owner of two stores signs in once and picks.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'duena@legado.mx', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().store).toBeNull();
    expect(login.json().stores.map((s: { name: string }) => s.name)).toEqual(['Legado A', 'Legado B']);
  });
});
