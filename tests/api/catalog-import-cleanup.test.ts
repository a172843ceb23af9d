/**
 * A catalogue import that does not commit leaves no photos behind (decision 087), against the real database and the
 * uploads folder, with the local image server of tests/helpers/image-server.ts standing in for Shopify's CDN:
 *
 * - an import failing on a bad image, or on a bad line found in its write transaction after every download, leaves
 *   the uploads folder, the files table and staged_files as they were;
 * - an import whose write crashes (a database error) leaves nothing; its retry keeps only its own photos;
 * - photos a crashed attempt left staged are removed by the next attempt, or by the hourly sweep once they are old;
 * - a succeeding import keeps its photos; a staged file something refers to is never deleted; another store's files
 *   are never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { type StoreFixture } from '../helpers/factories.js';
import { twoStoresWithSellers } from '../helpers/sellers.js';
import { testImage, uploadAs } from '../helpers/uploads.js';
import { startImageServer, type ImageServer } from '../helpers/image-server.js';
import { importer } from '../helpers/catalog-import.js';
import { createLocalStorage } from '../../src/server/providers/storage/index.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { uploadFile, sweepStagedFiles, STAGED_FILES_MAX_AGE_HOURS } from '../../src/server/modules/files/index.js';

const HEADER = 'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Image Position';
/**
 * A failed import runs again this long after (5 s in production): long enough that the drain which runs the failing
 * attempt has returned before the retry is due, short enough that the test need not wait long for it.
 */
const RETRY_DELAY_SECONDS = 2;

/** Every file under `dir`, relative, sorted. */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

describe('catalogue import: photos of an import that does not commit are removed', () => {
  let t: TestApp;
  let images: ImageServer;
  let a: StoreFixture;
  let b: StoreFixture;
  let sellerA: { token: string };
  let sellerB: { token: string };
  let uploads: string;
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  /** The files table, staged_files and the uploads folder, for comparing before and after. */
  const snapshot = async () => ({
    files: (await rows<{ id: string }>(sql`select id, store_id from files order by id`)).map((r) => JSON.stringify(r)),
    staged: await rows(sql`select file_id from staged_files order by file_id`),
    disk: listFiles(uploads),
  });

  const runImport = (token: string, csv: string) => importer(t, token).then((imp) => imp.run(csv));

  beforeAll(async () => {
    images = await startImageServer();
    t = await createTestApp({
      IMPORT_IMAGE_ALLOWED_ADDRESSES: '127.0.0.1',
      JOB_RETRY_DELAY_SECONDS: String(RETRY_DELAY_SECONDS),
    });
    uploads = path.join(t.dataDir, 'uploads');
    ({ a, b, sellerA, sellerB } = await twoStoresWithSellers(t));
    // Store B: an upload made in a form, and an imported product with its photo.
    expect((await uploadAs(t.app, sellerB.token, 'product_photo', await testImage(400, 400))).statusCode).toBe(201);
    const ok = await runImport(
      sellerB.token,
      [HEADER, `taza-b,Taza B,Title,Default Title,TAZA-B,99.00,${images.origin}/luma/MH01.webp?s=b,1`].join('\n'),
    );
    expect(ok.progress.status).toBe('completed');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await images?.close();
  });

  it('keeps the photos of an import that commits', async () => {
    const before = await snapshot();
    const o = images.origin;
    const run = await runImport(
      sellerA.token,
      [
        HEADER,
        `gorra-a,Gorra A,Title,Default Title,GORRA-A,199.00,${o}/luma/MH02.webp?s=ok,1`,
        `gorra-a,,,,,,${o}/luma/MH03.webp?s=ok,2`,
      ].join('\n'),
    );
    expect(run.progress.errors).toEqual([]);
    expect(run.progress.status).toBe('completed');
    const after = await snapshot();
    const stored = await rows<{ id: string; url: string }>(
      sql`select id, url from files where store_id = ${a.id} and purpose = 'product_photo'`,
    );
    expect(stored).toHaveLength(2);
    expect(after.files.length).toBe(before.files.length + 2);
    expect(after.staged).toEqual([]);
    for (const f of stored)
      for (const w of [160, 480, 960]) expect(fs.existsSync(path.join(t.dataDir, `${f.url}-${w}.webp`))).toBe(true);
    const [product] = await rows<{ photos: { fileId: string }[] }>(
      sql`select photos from products where store_id = ${a.id} and import_handle = 'gorra-a'`,
    );
    expect(product!.photos.map((p) => p.fileId).sort()).toEqual(stored.map((f) => f.id).sort());
  }, 120_000);

  it('a bad image: the photos already stored are removed', async () => {
    const before = await snapshot();
    const o = images.origin;
    const run = await runImport(
      sellerA.token,
      [
        HEADER,
        `bien-1,Bien 1,Title,Default Title,BIEN-1,10.00,${o}/luma/MH04.webp?s=bad,1`,
        `bien-2,Bien 2,Title,Default Title,BIEN-2,10.00,${o}/luma/MH05.webp?s=bad,1`,
        `malo,Malo,Title,Default Title,MALO-1,10.00,${o}/not-an-image.jpg?s=bad,1`,
      ].join('\n'),
    );
    expect(run.progress.status).toBe('failed');
    expect(run.progress.errors).toEqual([
      { at: 4, code: 'CSV_ROW_INVALID', params: { field: 'Image Src', reason: 'image_not_image' } },
    ]);
    // The good photos were downloaded (and stored), then removed.
    expect(images.hits.get('/luma/MH04.webp?s=bad')).toBe(1);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('a bad line found in the write transaction, after every photo was stored: they are removed', async () => {
    const before = await snapshot();
    // GORRA-A belongs to another product of the store: sku_taken, found inside the transaction.
    const run = await runImport(
      sellerA.token,
      [HEADER, `otra,Otra gorra,Title,Default Title,GORRA-A,10.00,${images.origin}/luma/MH06.webp?s=sku,1`].join('\n'),
    );
    expect(run.progress.status).toBe('failed');
    expect(run.progress.errors).toEqual([
      { at: 2, code: 'CSV_ROW_INVALID', params: { field: 'Variant SKU', reason: 'sku_taken' } },
    ]);
    expect(images.hits.get('/luma/MH06.webp?s=sku')).toBe(1);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('a write that crashes: the attempt removes its photos; the retry stores and keeps its own', async () => {
    const before = await snapshot();
    // A database error on the import's product insert for store A only.
    await t.database.db.execute(
      sql.raw(`create function test_refuse_products() returns trigger language plpgsql as $$
        begin raise exception 'disk full'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger test_refuse_products before insert on products for each row
        when (new.store_id = '${a.id}') execute function test_refuse_products()`),
    );
    let run: Awaited<ReturnType<typeof runImport>>;
    try {
      run = await runImport(
        sellerA.token,
        [HEADER, `roto,Roto,Title,Default Title,ROTO-1,10.00,${images.origin}/luma/MH07.webp?s=crash,1`].join('\n'),
      );
      // The attempt threw after storing the photo: the job waits for its retry, and nothing is left meanwhile.
      expect(run.progress.status).toBe('running');
      expect(images.hits.get('/luma/MH07.webp?s=crash')).toBe(1);
      expect(await snapshot()).toEqual(before);
    } finally {
      await t.database.db.execute(sql.raw(`drop trigger test_refuse_products on products`));
      await t.database.db.execute(sql.raw(`drop function test_refuse_products()`));
    }
    // The retry (RETRY_DELAY_SECONDS later) downloads the photo again and commits: its file is kept, the first
    // attempt's is gone.
    const auth = { authorization: `Bearer ${sellerA.token}` };
    await vi.waitFor(
      async () => {
        await t.app.jobs.drain();
        const progress = await t.app.inject({ method: 'GET', url: `/api/admin/jobs/${run.jobId}`, headers: auth });
        expect(progress.json().status).toBe('completed');
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(images.hits.get('/luma/MH07.webp?s=crash')).toBe(2);
    const after = await snapshot();
    expect(after.files.length).toBe(before.files.length + 1);
    expect(after.disk.length).toBe(before.disk.length + 3);
    expect(after.staged).toEqual([]);
    const [product] = await rows<{ photos: { fileId: string }[] }>(
      sql`select photos from products where store_id = ${a.id} and import_handle = 'roto'`,
    );
    expect(after.disk.filter((f) => f.includes(product!.photos[0]!.fileId))).toHaveLength(3);
  }, 120_000);

  it('photos a crashed attempt left staged: removed by the next attempt, or by the sweep once old', async () => {
    const before = await snapshot();
    const storage = createLocalStorage(uploads);
    const ctxA = { db: t.database.db, storeId: a.id, providers: { storage } as never };
    const photo = await testImage(400, 400, '#2980b9');

    // An attempt crashed right after storing a photo; the job then runs again (a retry) and removes it.
    const run = await runImport(sellerA.token, [HEADER, `nuevo,Nuevo,Title,Default Title,NUEVO-1,10.00,,`].join('\n'));
    const crashed = await uploadFile(ctxA, {
      purpose: 'product_photo',
      data: photo,
      originalName: 'x.png',
      stagedFor: `catalog-import:${run.jobId}`,
    });
    expect(fs.existsSync(path.join(t.dataDir, `${crashed.url}-480.webp`))).toBe(true);
    const { runCsvImport } = await import('../../src/server/modules/catalog/catalog-csv-import.js');
    await runCsvImport({ db: t.database.db, storeId: a.id, providers: ctxA.providers }, run.jobId);
    expect(fs.existsSync(path.join(t.dataDir, `${crashed.url}-480.webp`))).toBe(false);
    expect(await rows(sql`select id from files where id = ${crashed.id}`)).toEqual([]);

    // A crash on the last attempt: nothing runs again; the hourly sweep removes what is older than the limit.
    const old = await uploadFile(ctxA, {
      purpose: 'product_photo',
      data: photo,
      originalName: 'viejo.png',
      stagedFor: 'catalog-import:00000000-0000-4000-8000-000000000001',
    });
    const fresh = await uploadFile(ctxA, {
      purpose: 'product_photo',
      data: photo,
      originalName: 'nuevo.png',
      stagedFor: 'catalog-import:00000000-0000-4000-8000-000000000002',
    });
    // In store B, an old staged photo the store now uses as its logo: never removed.
    const ctxB = { db: t.database.db, storeId: b.id, providers: { storage } as never };
    const usedB = await uploadFile(ctxB, {
      purpose: 'product_photo',
      data: photo,
      originalName: 'logo.png',
      stagedFor: 'catalog-import:00000000-0000-4000-8000-000000000003',
    });
    await t.database.db.execute(
      sql`update stores set settings = settings || jsonb_build_object('logoFileId', ${usedB.id}::text) where id = ${b.id}`,
    );
    await t.database.db.execute(
      sql`update staged_files set created_at = now() - make_interval(hours => ${STAGED_FILES_MAX_AGE_HOURS + 1})
          where file_id in (${old.id}, ${usedB.id})`,
    );
    expect(await sweepStagedFiles({ db: t.database.db, providers: { storage } as never })).toBe(1);
    expect(await rows(sql`select id from files where id = ${old.id}`)).toEqual([]);
    expect(listFiles(uploads).filter((f) => f.includes(old.id))).toEqual([]);
    // The recent one waits (its import may still be running); the used one stays and is no longer staged.
    expect(listFiles(uploads).filter((f) => f.includes(fresh.id))).toHaveLength(3);
    expect(listFiles(uploads).filter((f) => f.includes(usedB.id))).toHaveLength(3);
    expect(await rows(sql`select file_id from staged_files order by file_id`)).toEqual([{ file_id: fresh.id }]);

    const after = await snapshot();
    const known = (id: string) => !id.includes(fresh.id) && !id.includes(usedB.id);
    expect(after.disk.filter(known)).toEqual(before.disk);
    expect(after.files.filter(known)).toEqual(before.files);
  }, 120_000);

  it('never touches another store: store B keeps every file it had', async () => {
    const filesB = await rows(sql`select id, url from files where store_id = ${b.id} order by id`);
    const diskB = listFiles(path.join(uploads, b.id));
    expect(filesB.length).toBeGreaterThanOrEqual(3);
    const storage = createLocalStorage(uploads);
    // A sweep long after everything: store A's leftover goes, store B's files stay.
    const later = new Date(Date.now() + 48 * 3600_000);
    expect(await sweepStagedFiles({ db: t.database.db, providers: { storage } as never }, later)).toBe(1);
    expect(await rows(sql`select id, url from files where store_id = ${b.id} order by id`)).toEqual(filesB);
    expect(listFiles(path.join(uploads, b.id))).toEqual(diskB);
    expect(await rows(sql`select file_id from staged_files`)).toEqual([]);
  }, 120_000);
});
