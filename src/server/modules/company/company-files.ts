/**
 * The uploads a company profile references (decision 052): each must be an upload of the store made for a fitting
 * purpose (logo; company_photo; certificate; document for licences, tax registration and proof of address), checked
 * with the files module's assertStoreFiles (422 FILE_REFERENCE_INVALID otherwise). The stored URL is the upload's own,
 * whatever URL the client sent.
 */
import type { StoreContext } from '../../lib/context.js';
import type { FileRef } from '../../../shared/contracts/company.js';
import type { FilePurpose } from '../../../shared/contracts/files.js';
import { assertStoreFiles } from '../files/index.js';

/** Checks the referenced uploads and rewrites each ref's `url` (in place) to the stored upload's URL. */
export async function assertCompanyFiles(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  files: { ref: FileRef; purposes: FilePurpose[] }[],
): Promise<void> {
  const byPurposes = new Map<string, { purposes: FilePurpose[]; refs: FileRef[] }>();
  for (const f of files) {
    const key = f.purposes.join(',');
    const group = byPurposes.get(key) ?? { purposes: f.purposes, refs: [] };
    group.refs.push(f.ref);
    byPurposes.set(key, group);
  }
  for (const { purposes, refs } of byPurposes.values()) {
    const found = await assertStoreFiles(
      ctx,
      refs.map((r) => r.id),
      purposes,
    );
    for (const r of refs) r.url = found.get(r.id)!.url;
  }
}
