/**
 * The export job of the catalogue (decisions 023, 063, 064): every product of the store (archived ones with Status
 * "archived"), all variants, as a Shopify product CSV kept for the seller to download; importing that file gives the
 * same catalogue back. Every query is scoped by ctx.storeId.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { catalogCsvTransfers, categories, departments, productVariants, products } from '../../db/schema/catalog.js';
import type { StoreContext } from '../../lib/context.js';
import { absoluteFileUrl, publicOrigin } from '../../lib/public-url.js';
import { getJobProgress, updateJobProgress } from '../../jobs/index.js';
import { optionKind } from '../../../shared/option-labels.js';
import { listDomains } from '../stores/index.js';
import { loadTransfer } from './catalog-csv.service.js';
import { META_COLUMNS, centsToPrice, textToHtml, writeCsv, type ExportRow } from './shopify-csv.js';
import { KIND_NAMES } from './shopify-csv-mappings.js';

type ExportCtx = Pick<StoreContext, 'db' | 'storeId' | 'config'>;

/**
 * The origin of the store's links (decision 023): its primary active domain, else its first active one, with the
 * configured scheme and port, as the store's emails and head tags build them. Never the host a request came through:
 * a seller's admin runs on the platform's domain, and any of the store's domains (or another store's) may carry the
 * request.
 */
async function storeLinkOrigin(ctx: ExportCtx): Promise<string> {
  const active = (await listDomains(ctx)).filter((d) => d.status === 'active');
  const host = (active.find((d) => d.isPrimary) ?? active[0])?.hostname ?? ctx.config.PLATFORM_DOMAIN;
  return publicOrigin(ctx.config, host);
}

/**
 * Runs an export job (job `catalog-export`): every product of the store with all its variants as a Shopify product
 * CSV (images as absolute URLs on the store's own domain, storeLinkOrigin), kept for download. Safe to run again.
 */
export async function runCsvExport(ctx: ExportCtx, jobId: string): Promise<{ products: number }> {
  const progress = await getJobProgress(ctx, jobId);
  if (progress.status === 'completed') return { products: (await loadTransfer(ctx, jobId)).products };
  const origin = await storeLinkOrigin(ctx);
  const list = await ctx.db
    .select({ product: products, department: departments.name, category: categories.name })
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
    .where(eq(products.storeId, ctx.storeId))
    .orderBy(asc(products.createdAt), asc(products.codigo));
  await updateJobProgress(ctx.db, ctx.storeId, jobId, { status: 'running', total: list.length, done: 0 });
  const variants = await ctx.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.storeId, ctx.storeId), isNotNull(productVariants.productId)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const byProduct = new Map<string, (typeof variants)[number][]>();
  for (const v of variants) {
    const l = byProduct.get(v.productId) ?? [];
    l.push(v);
    byProduct.set(v.productId, l);
  }
  const url = (base: string | null) => (base ? absoluteFileUrl(origin, `${base}-960.webp`) : '');
  const rows: ExportRow[] = [];
  for (const [n, { product: p, department, category }] of list.entries()) {
    const handle = p.importHandle ?? p.codigo.toLowerCase();
    const vs = byProduct.get(p.id) ?? [];
    const optionNames = [...new Set(vs.flatMap((v) => Object.keys(v.options)))].slice(0, 3);
    const images = [...new Set([...p.photos.map((f) => f.url), ...(p.imageUrl ? [p.imageUrl] : [])])];
    if (p.imageUrl && images[0] !== p.imageUrl) {
      images.splice(images.indexOf(p.imageUrl), 1);
      images.unshift(p.imageUrl);
    }
    const count = Math.max(vs.length, images.length);
    for (let i = 0; i < count; i++) {
      const v = vs[i];
      const row: ExportRow = { Handle: handle };
      if (i === 0)
        Object.assign(row, {
          Title: p.name,
          'Body (HTML)': textToHtml(p.description),
          Vendor: p.brand ?? '',
          Type: category ?? '',
          Tags: p.keywords.join(', '),
          Published: p.visible ? 'TRUE' : 'FALSE',
          'SEO Title': p.name,
          'Gift Card': 'FALSE',
          Status: p.archivedAt ? 'archived' : p.visible ? 'active' : 'draft',
          [META_COLUMNS.shortDescription]: p.shortDescription,
          [META_COLUMNS.usage]: p.usage,
          [META_COLUMNS.department]: department ?? '',
          [META_COLUMNS.industry]: p.industry,
        } satisfies ExportRow);
      if (v) {
        optionNames.forEach((name, k) => {
          const key = `Option${k + 1}` as 'Option1' | 'Option2' | 'Option3';
          if (i === 0) {
            const kind = optionKind(name);
            row[`${key} Name`] = kind ? KIND_NAMES[kind] : name.charAt(0).toUpperCase() + name.slice(1);
          }
          row[`${key} Value`] = v.options[name] ?? '';
        });
        if (!optionNames.length) {
          if (i === 0) row['Option1 Name'] = 'Title';
          row['Option1 Value'] = 'Default Title';
        }
        Object.assign(row, {
          'Variant SKU': v.sku,
          'Variant Grams': String(p.weightGrams),
          'Variant Inventory Tracker': 'shopify',
          'Variant Inventory Qty': String(v.stock),
          'Variant Inventory Policy': 'deny',
          'Variant Fulfillment Service': 'manual',
          'Variant Price': centsToPrice(v.priceCents),
          'Variant Compare At Price': p.compareAtCents ? centsToPrice(p.compareAtCents) : '',
          'Variant Requires Shipping': 'TRUE',
          'Variant Taxable': 'TRUE',
          'Variant Barcode': v.barcode ?? '',
          'Variant Image': url(v.imageUrl),
          'Variant Weight Unit': 'g',
        } satisfies ExportRow);
      }
      if (images[i]) {
        row['Image Src'] = url(images[i]!);
        row['Image Position'] = String(i + 1);
        row['Image Alt Text'] = p.name;
      }
      rows.push(row);
    }
    if ((n + 1) % 100 === 0) await updateJobProgress(ctx.db, ctx.storeId, jobId, { done: n + 1 });
  }
  const day = new Date().toISOString().slice(0, 10);
  await ctx.db
    .update(catalogCsvTransfers)
    .set({ content: writeCsv(rows), products: list.length, fileName: `products_export_${day}.csv` })
    .where(and(eq(catalogCsvTransfers.storeId, ctx.storeId), eq(catalogCsvTransfers.id, jobId)));
  await updateJobProgress(ctx.db, ctx.storeId, jobId, { status: 'completed', done: list.length });
  return { products: list.length };
}
