/**
 * The uploads a company profile references. Until the files module is on this branch, a reference is accepted as
 * sent; with it, assertStoreFiles checks each id belongs to the store with a fitting purpose (422 otherwise).
 */
import type { StoreContext } from '../../lib/context.js';
import type { FileRef } from '../../../shared/contracts/company.js';

/** Checks the referenced uploads belong to the store (files module); throws its 422 otherwise. */
export async function assertCompanyFiles(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  files: { ref: FileRef; purposes: string[] }[],
): Promise<void> {
  void ctx;
  void files;
}
