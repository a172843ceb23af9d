/**
 * Two processes on one embedded database would corrupt it: the data folder is locked to the first (pglite-lock.ts).
 * A second process refuses with a message naming DATABASE_URL; a lock left by a process that died is taken over; the
 * lock goes with a clean close. Uses a real PGlite folder and real processes (a live parent, a child that exited).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirInUseError } from './pglite-lock.js';

describe('the embedded database serves one process', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-lock-'));
  const dataDir = path.join(root, 'db');
  const lock = `${dataDir}.lock`;
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('refuses while another living process holds the folder, naming DATABASE_URL', async () => {
    // The test runner's parent process is alive and is not this one.
    fs.writeFileSync(lock, String(process.ppid));
    const err = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirInUseError);
    expect((err as Error).message).toContain(`pid ${process.ppid}`);
    expect((err as Error).message).toContain('DATABASE_URL');
    // Nothing was opened or created in the folder, and the other process's lock is left alone.
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that died, and releases it on close', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim();
    fs.writeFileSync(lock, dead);
    const database = await openDatabase({ dataDir });
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(fs.existsSync(lock)).toBe(false);
  }, 60_000);
});
