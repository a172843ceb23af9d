/**
 * Builds seed-data/ from the public datasets (the folder DATASETS_DIR names; see seed-data/README.md): the three demo catalogues as
 * gzipped JSON with WebP images (≤ 800 px), and the SEPOMEX postal codes as gzipped CSV. Run:
 *   npx tsx scripts/build-seed-data/build.ts
 * Prices: USD × 18 (fixed demo rate), rounded up to the next whole peso ending in 9 (decision 002).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import { ATTRIBUTE_LABELS, ATTRIBUTE_VALUES, COLORS, LUMA_CATEGORIES, translateName } from './es-dictionary.js';
import { buildBajio } from './dummyjson.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATASETS = path.resolve(process.env.DATASETS_DIR ?? path.join(ROOT, '../shared/datasets'));
const OUT = path.join(ROOT, 'seed-data');
export const USD_TO_MXN = 18;

/** USD → integer centavos MXN: ×18, up to the next whole peso ending in 9. */
export function usdToCents(usd: number): number {
  const pesos = Math.ceil(Math.round(usd * USD_TO_MXN * 100) / 100);
  const nine = pesos % 10 === 9 ? pesos : pesos + ((9 - (pesos % 10) + 10) % 10);
  return nine * 100;
}

/** Deterministic pseudo-random integer in [min, max] from a string. */
function det(key: string, min: number, max: number): number {
  const h = createHash('sha256').update(key).digest().readUInt32BE(0);
  return min + (h % (max - min + 1));
}

const slugify = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const seedProduct = z.object({
  codigo: z.string().min(1),
  name: z.string().min(1),
  shortDescription: z.string().max(160),
  description: z.string(),
  usage: z.string().min(1),
  keywords: z.array(z.string()).min(1),
  department: z.string(),
  category: z.string(),
  brand: z.string().nullable(),
  priceCents: z.number().int().positive(),
  compareAtCents: z.number().int().positive().nullable(),
  minOrderQty: z.number().int().min(1),
  weightGrams: z.number().int().positive(),
  dimensionsCm: z.object({ length: z.number().int(), width: z.number().int(), height: z.number().int() }),
  packaging: z.object({ type: z.enum(['cardboard_box', 'bag', 'sack']), piecesPerPackage: z.number().int() }),
  attributes: z.record(z.string(), z.array(z.string())),
  specifications: z.array(z.object({ label: z.string(), value: z.string() })),
  variants: z
    .array(
      z.object({
        sku: z.string(),
        options: z.record(z.string(), z.string()),
        priceCents: z.number().int().positive(),
        stock: z.number().int().min(0),
      }),
    )
    .min(1),
  reviews: z.array(
    z.object({
      rating: z.number().int().min(1).max(5),
      title: z.string(),
      comment: z.string(),
      author: z.string(),
      daysAgo: z.number().int(),
    }),
  ),
  image: z.string(),
  featured: z.boolean(),
  soldCount: z.number().int().min(0),
});
export const seedCatalog = z.object({
  source: z.string(),
  lang: z.enum(['es', 'en']),
  departments: z.array(
    z.object({
      name: z.string(),
      slug: z.string(),
      position: z.number().int(),
      categories: z.array(z.object({ name: z.string(), slug: z.string(), position: z.number().int() })),
    }),
  ),
  products: z.array(seedProduct),
});
export type SeedCatalog = z.infer<typeof seedCatalog>;
type SeedProduct = z.infer<typeof seedProduct>;

async function writeImage(src: string, dest: string): Promise<void> {
  if (fs.existsSync(dest)) return;
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  await sharp(src).resize(800, 800, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toFile(dest);
}

function firstSentences(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const dot = cut.lastIndexOf('. ');
  return dot > 60 ? cut.slice(0, dot + 1) : `${cut.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function addDepartment(deps: SeedCatalog['departments'], dep: [string, string], cat: [string, string]) {
  let d = deps.find((x) => x.slug === dep[0]);
  if (!d) {
    d = { slug: dep[0], name: dep[1], position: deps.length, categories: [] };
    deps.push(d);
  }
  if (!d.categories.some((c) => c.slug === cat[0]))
    d.categories.push({ slug: cat[0], name: cat[1], position: d.categories.length });
}

async function buildLuma(): Promise<SeedCatalog> {
  const src = path.join(DATASETS, 'products-luma');
  const raw = JSON.parse(fs.readFileSync(path.join(src, 'products.json'), 'utf8')) as any[];
  const departments: SeedCatalog['departments'] = [];
  const products: SeedProduct[] = [];
  const lowStock = new Set(['MH01', '24-MB01', 'WS03']);
  for (const p of raw) {
    if (!p.visible || !['configurable', 'simple'].includes(p.type)) continue;
    const path_ = (p.categories as string[]).find((c) => LUMA_CATEGORIES[c]);
    if (!path_) continue;
    const map = LUMA_CATEGORIES[path_];
    addDepartment(departments, map.department, map.category);
    const name = translateName(p.name);
    const attributes: Record<string, string[]> = {};
    for (const [k, vals] of Object.entries(p.attributes as Record<string, string[]>)) {
      if (k === 'size' || k === 'color') continue;
      attributes[ATTRIBUTE_LABELS[k] ?? k] = vals.map((v) => ATTRIBUTE_VALUES[v] ?? v);
    }
    const priceCents = usdToCents(p.price ?? 20);
    const variants =
      p.type === 'configurable' && p.variants?.length
        ? (p.variants as any[]).map((v, i) => ({
            sku: v.sku as string,
            options: { talla: v.size as string, color: COLORS[v.color] ?? v.color },
            priceCents: usdToCents(v.price ?? p.price),
            stock: lowStock.has(p.id)
              ? i < 2
                ? 2
                : 0
              : v.stock_qty > 0
                ? Math.min(v.stock_qty, det(`${v.sku}s`, 3, 60))
                : det(`${v.sku}s`, 3, 60),
          }))
        : [{ sku: p.sku as string, options: {}, priceCents, stock: lowStock.has(p.id) ? 3 : det(`${p.sku}s`, 3, 60) }];
    const isGear = map.department[0] === 'equipo';
    const catName = map.category[1];
    const activity = attributes.Actividad?.slice(0, 3).join(', ').toLowerCase();
    const material = attributes.Material?.slice(0, 3).join(', ').toLowerCase();
    const description = [
      `${name}. ${catName} para ${map.department[0] === 'mujer' ? 'mujer' : map.department[0] === 'hombre' ? 'hombre' : 'entrenar y viajar'}${material ? `, material: ${material}` : ''}${activity ? `; ideal para ${activity}` : ''}.`,
      '',
      'Descripción original (inglés):',
      p.description as string,
    ].join('\n');
    products.push({
      codigo: p.id,
      name,
      shortDescription: firstSentences(`${name}. ${catName}${material ? ` de ${material}` : ''}.`),
      description,
      usage: activity
        ? `Ideal para ${activity}.`
        : isGear
          ? 'Para entrenamiento, gimnasio y viaje.'
          : 'Para uso deportivo y diario.',
      keywords: [
        ...new Set([
          catName.toLowerCase(),
          map.department[1].toLowerCase(),
          ...(attributes.Material ?? []).map((x) => x.toLowerCase()),
          ...(attributes.Actividad ?? []).map((x) => x.toLowerCase()),
        ]),
      ],
      department: map.department[0],
      category: map.category[0],
      brand: 'Luma',
      priceCents: Math.min(...variants.map((v) => v.priceCents)),
      compareAtCents: p.msrp ? usdToCents(p.msrp) : null,
      minOrderQty: 1,
      weightGrams: isGear ? det(`${p.id}w`, 200, 1500) : 454,
      dimensionsCm: isGear ? { length: 40, width: 30, height: 20 } : { length: 30, width: 25, height: 5 },
      packaging: { type: isGear ? 'cardboard_box' : 'bag', piecesPerPackage: 1 },
      attributes,
      specifications: [
        { label: 'Marca', value: 'Luma' },
        ...(p.options?.size ? [{ label: 'Tallas', value: (p.options.size as string[]).join(', ') }] : []),
        ...(p.options?.color
          ? [{ label: 'Colores', value: (p.options.color as string[]).map((c) => COLORS[c] ?? c).join(', ') }]
          : []),
        ...Object.entries(attributes)
          .slice(0, 4)
          .map(([label, v]) => ({ label, value: v.join(', ') })),
      ],
      variants,
      reviews: (p.reviews as any[]).map((r, i) => ({
        rating: r.rating,
        title: r.title,
        comment: r.comment,
        author: r.reviewer,
        daysAgo: det(`${p.id}${i}`, 1, 400),
      })),
      image: `luma/${p.id}.webp`,
      featured: Boolean(p.flags?.erin_recommends || p.flags?.new) && det(`${p.id}f`, 0, 2) === 0,
      soldCount: det(`${p.id}sold`, 0, 500),
    });
    await writeImage(path.join(src, p.image), path.join(OUT, 'images', `luma/${p.id}.webp`));
  }
  return { source: 'magento/magento2-sample-data@5380756', lang: 'es', departments, products };
}

async function buildVendure(): Promise<SeedCatalog> {
  const src = path.join(DATASETS, 'products-vendure');
  const raw = JSON.parse(fs.readFileSync(path.join(src, 'products.json'), 'utf8')) as any[];
  const departments: SeedCatalog['departments'] = [];
  const products: SeedProduct[] = [];
  const seenSkus = new Map<string, number>();
  for (const p of raw) {
    const [dep, cat] = [p.categories[0] ?? 'General', p.categories[1] ?? p.categories[0] ?? 'General'];
    addDepartment(departments, [slugify(dep), dep], [slugify(cat), cat]);
    const variants = (p.variants as any[]).map((v) => {
      const n = (seenSkus.get(v.sku) ?? 0) + 1;
      seenSkus.set(v.sku, n);
      const dup = (p.variants as any[]).filter((x) => x.sku === v.sku).length > 1;
      return {
        sku: dup ? `${v.sku}-${n}` : v.sku,
        options: v.options as Record<string, string>,
        priceCents: usdToCents(v.price),
        stock: v.stock_on_hand ?? det(`${v.sku}${n}`, 5, 100),
      };
    });
    const big = /furniture|computers/i.test(cat);
    products.push({
      codigo: p.id,
      name: p.name,
      shortDescription: firstSentences(p.description),
      description: p.description,
      usage: `${cat} for everyday use.`,
      keywords: [
        ...new Set([dep, cat, p.brand, ...(p.facets?.color ?? [])].filter(Boolean).map((x: string) => x.toLowerCase())),
      ],
      department: slugify(dep),
      category: slugify(cat),
      brand: p.brand,
      priceCents: Math.min(...variants.map((v) => v.priceCents)),
      compareAtCents: null,
      minOrderQty: 1,
      weightGrams: big ? det(`${p.id}w`, 2000, 12000) : det(`${p.id}w`, 150, 1800),
      dimensionsCm: big ? { length: 80, width: 60, height: 40 } : { length: 30, width: 20, height: 15 },
      packaging: { type: 'cardboard_box', piecesPerPackage: 1 },
      attributes: Object.fromEntries(
        Object.entries(p.facets as Record<string, string[]>).filter(([k]) => k !== 'category'),
      ),
      specifications: [
        ...(p.brand ? [{ label: 'Brand', value: p.brand }] : []),
        ...(p.option_groups as string[]).map((g) => ({
          label: g[0].toUpperCase() + g.slice(1),
          value: [...new Set(variants.map((v) => v.options[g]))].join(', '),
        })),
      ],
      variants,
      reviews: [],
      image: `vendure/${p.id}.webp`,
      featured: det(`${p.id}f`, 0, 3) === 0,
      soldCount: det(`${p.id}sold`, 0, 300),
    });
    await writeImage(path.join(src, p.images[0]), path.join(OUT, 'images', `vendure/${p.id}.webp`));
  }
  return { source: 'vendure-ecommerce/vendure@f27f985', lang: 'en', departments, products };
}

function writePostalCodes(): void {
  const src = path.join(DATASETS, 'mx-postal-codes');
  const lines = fs.readFileSync(path.join(src, 'codigos_postales.csv'), 'utf8').split('\n');
  const header = lines[0].split(',');
  const want = ['codigo_postal', 'asentamiento', 'tipo_asentamiento', 'municipio', 'estado', 'ciudad'];
  const parse = (line: string): string[] => {
    const out: string[] = [];
    let cur = '';
    let q = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (q) {
        if (ch === '"' && line[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (ch === '"') q = false;
        else cur += ch;
      } else if (ch === '"') q = true;
      else if (ch === ',') {
        out.push(cur);
        cur = '';
      } else cur += ch;
    }
    out.push(cur);
    return out;
  };
  const idx = want.map((w) => header.indexOf(w));
  const esc = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const rows = [want.join(',')];
  for (const line of lines.slice(1))
    if (line.trim()) {
      const f = parse(line);
      rows.push(idx.map((i) => esc(f[i] ?? '')).join(','));
    }
  fs.mkdirSync(path.join(OUT, 'postal-codes'), { recursive: true });
  fs.writeFileSync(
    path.join(OUT, 'postal-codes', 'codigos_postales.csv.gz'),
    zlib.gzipSync(rows.join('\n') + '\n', { level: 9 }),
  );
  fs.copyFileSync(path.join(src, 'estados.csv'), path.join(OUT, 'postal-codes', 'estados.csv'));
  console.log(`postal codes: ${rows.length - 1} rows`);
}

function validate(name: string, catalog: SeedCatalog): void {
  seedCatalog.parse(catalog);
  const codes = new Set<string>();
  const skus = new Set<string>();
  for (const p of catalog.products) {
    if (codes.has(p.codigo)) throw new Error(`${name}: duplicate codigo ${p.codigo}`);
    codes.add(p.codigo);
    const d = catalog.departments.find((x) => x.slug === p.department);
    if (!d?.categories.some((c) => c.slug === p.category))
      throw new Error(`${name}: ${p.codigo} has an unknown department/category`);
    if (!fs.existsSync(path.join(OUT, 'images', p.image))) throw new Error(`${name}: missing image ${p.image}`);
    for (const v of p.variants) {
      if (skus.has(v.sku)) throw new Error(`${name}: duplicate sku ${v.sku}`);
      skus.add(v.sku);
    }
  }
  console.log(
    `${name}: ${catalog.products.length} products, ${skus.size} variants, ${catalog.products.reduce((s, p) => s + p.reviews.length, 0)} reviews, ${catalog.departments.length} departments`,
  );
}

async function main(): Promise<void> {
  fs.mkdirSync(path.join(OUT, 'catalog'), { recursive: true });
  for (const [name, build] of [
    ['luma', buildLuma],
    ['vendure', buildVendure],
    ['bajio', () => buildBajio(DATASETS, OUT, usdToCents)],
  ] as const) {
    const catalog = await build();
    validate(name, catalog);
    fs.writeFileSync(
      path.join(OUT, 'catalog', `${name}.json.gz`),
      zlib.gzipSync(JSON.stringify(catalog), { level: 9 }),
    );
  }
  writePostalCodes();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
