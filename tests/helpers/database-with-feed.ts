/**
 * A test database and its real change feed for one describe block (opened before its tests, closed after them),
 * for the tests of what follows the feed (search indexes, the global catalogue's offer index). What the tests open
 * on top of them is registered with `keep` and closed first.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestDb, type TestDatabase } from './test-db.js';
import { openChangeFeed, type ChangeFeed } from '../../src/server/db/change-feed.js';

export function useDatabaseWithFeed() {
  let database: TestDatabase | undefined;
  let feed: ChangeFeed | undefined;
  const kept: { close(): void }[] = [];
  beforeAll(async () => {
    database = await createTestDb();
    feed = await openChangeFeed(database.db);
  });
  afterAll(async () => {
    for (const k of kept) k.close();
    await feed?.close();
    await database?.close();
  });
  return {
    get database(): TestDatabase {
      return database!;
    },
    get feed(): ChangeFeed {
      return feed!;
    },
    /** Registers something to close after the tests; returns it. */
    keep<T extends { close(): void }>(thing: T): T {
      kept.push(thing);
      return thing;
    },
  };
}
