/**
 * The seller's catalogue, read (decision 043): one product with everything the product form edits, and the paged,
 * filtered list of the catalogue screen. Every query is scoped by ctx.storeId; money is integer centavos.
 */
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { categories, departments, productVariants, products } from '../../db/schema/catalog.js';
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import {
  ATTRIBUTE_KINDS,
  cubicMeters,
  type AttributeKind,
  type AdminProduct,
  type AdminProductList,
} from '../../../shared/contracts/catalog-admin.js';

/** Option names of products made before the form (seed, imports) that are one of the form's attribute kinds. */
const KIND_ALIASES: Record<string, AttributeKind> = {
  color: 'color',
  colour: 'color',
  talla: 'size',
  size: 'size',
  tamaño: 'size',
  ancho: 'width',
  width: 'width',
  capacidad: 'capacity',
  capacity: 'capacity',
  tipo: 'type',
  type: 'type',
};
const kindOf = (name: string): string => KIND_ALIASES[name.toLowerCase()] ?? name;

/** One product of the store with everything the form edits (GET /api/admin/products/:codigo). PRODUCT_NOT_FOUND. */
export async function getAdminProduct(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  codigo: string,
): Promise<AdminProduct> {
  const [p] = await ctx.db
    .select({ product: products, department: departments.name, category: categories.name })
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
    .where(and(eq(products.storeId, ctx.storeId), eq(products.codigo, codigo)))
    .limit(1);
  if (!p) throw new AppError('PRODUCT_NOT_FOUND', { codigo });
  const r = p.product;
  const variants = await ctx.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.storeId, ctx.storeId), eq(productVariants.productId, r.id)))
    .orderBy(asc(productVariants.position));
  const pk = r.packaging;
  const pu = r.purchase;
  // The form's attributes are the variants' option values (older products name them "talla" etc.); descriptive
  // attributes of older products (Material, Estilo…) are shown as technical data, where the form keeps them.
  const options = variants.map((v) =>
    Object.fromEntries(Object.entries(v.options).map(([k, val]) => [kindOf(k), val])),
  );
  const attributes: Record<string, string[]> = {};
  for (const o of options)
    for (const [k, val] of Object.entries(o)) {
      const list = (attributes[k] ??= []);
      if (!list.includes(val)) list.push(val);
    }
  const specifications = [...r.specifications];
  for (const [k, vals] of Object.entries(r.attributes))
    if (!(ATTRIBUTE_KINDS as readonly string[]).includes(kindOf(k)) && !specifications.some((s) => s.label === k))
      specifications.push({ label: k, value: vals.join(', ') });
  return {
    codigo: r.codigo,
    model: r.model ?? r.codigo,
    industry: r.industry,
    department: p.department ?? '',
    category: p.category ?? '',
    name: r.name,
    shortDescription: r.shortDescription,
    description: r.description,
    usage: r.usage,
    keywords: r.keywords,
    brand: r.brand ?? '',
    hsCode: r.hsCode ?? '',
    origin: r.origin ?? '',
    visible: r.visible,
    archived: r.archivedAt !== null,
    isListing: r.sourceProductId !== null,
    attributes,
    variants: variants.map((v, i) => ({
      options: options[i],
      sku: v.sku,
      barcode: v.barcode,
      priceCents: v.priceCents,
      stock: v.stock,
      image: v.imageUrl,
    })),
    dimensions: { lengthCm: r.lengthCm, widthCm: r.widthCm, heightCm: r.heightCm, weightGrams: r.weightGrams },
    specifications,
    packaging: {
      type: pk.type ?? 'cardboard_box',
      photo: pk.photo ?? null,
      piecesPerPackage: pk.piecesPerPackage ?? 1,
      internalPackaging: pk.internalPackaging ?? '',
      lengthCm: pk.lengthCm ?? r.lengthCm,
      widthCm: pk.widthCm ?? r.widthCm,
      heightCm: pk.heightCm ?? r.heightCm,
      cubicMeters:
        pk.cubicMeters ?? cubicMeters(pk.lengthCm ?? r.lengthCm, pk.widthCm ?? r.widthCm, pk.heightCm ?? r.heightCm),
      grossWeightGrams: pk.grossWeightGrams ?? r.weightGrams,
      netWeightGrams: pk.netWeightGrams ?? r.weightGrams,
    },
    purchase: {
      unitOfSale: pu.unitOfSale ?? 'pieza',
      minOrderQty: r.minOrderQty,
      quantityMin: pu.quantityMin ?? null,
      quantityMax: pu.quantityMax ?? null,
      deliveryDaysMin: pu.deliveryDaysMin ?? null,
      deliveryDaysMax: pu.deliveryDaysMax ?? null,
      sample: pu.sample ?? false,
      samplePriceCents: pu.samplePriceCents ?? null,
      paymentOptions: (pu.paymentOptions ?? []) as AdminProduct['purchase']['paymentOptions'],
      protections: (pu.protections ?? []) as AdminProduct['purchase']['protections'],
      customization: pu.customization ?? '',
      monthlyCapacity: pu.monthlyCapacity ?? null,
      containers: pu.containers ?? '',
    },
    pickup: {
      available: r.pickup.available ?? false,
      countryCode: r.pickup.countryCode ?? 'MX',
      postalCode: r.pickup.postalCode ?? '',
      address: r.pickup.address ?? '',
      notes: r.pickup.notes ?? '',
    },
    photos: r.photos,
    coverFileId: r.coverFileId,
    colourPhotos: r.colourPhotos,
    image: r.imageUrl,
    priceCents: r.priceCents,
    totalStock: variants.reduce((s, v) => s + v.stock, 0),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * The seller's catalogue list (GET /api/admin/products): active or archived products, filtered by words (name, code,
 * model, SKU), stock (out = no variant with stock), visibility and department name; newest change first, paged.
 */
export async function listAdminProducts(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  q: {
    q?: string;
    status: 'active' | 'archived';
    stock: 'all' | 'out' | 'in';
    visibility: 'all' | 'visible' | 'hidden';
    department?: string;
    page: number;
    pageSize: number;
  },
): Promise<AdminProductList> {
  const inStock = sql<boolean>`exists (select 1 from product_variants v where v.product_id = ${products.id} and v.store_id = ${products.storeId} and v.stock > 0)`;
  const conds: (SQL | undefined)[] = [
    eq(products.storeId, ctx.storeId),
    q.status === 'archived' ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
    q.stock === 'out' ? sql`not ${inStock}` : q.stock === 'in' ? inStock : undefined,
    q.visibility === 'visible'
      ? eq(products.visible, true)
      : q.visibility === 'hidden'
        ? eq(products.visible, false)
        : undefined,
    q.department ? eq(departments.name, q.department) : undefined,
  ];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conds.push(
      or(
        ilike(products.name, like),
        ilike(products.codigo, like),
        ilike(products.model, like),
        sql`exists (select 1 from product_variants v where v.product_id = ${products.id} and v.store_id = ${products.storeId} and v.sku ilike ${like})`,
      ),
    );
  }
  const where = and(...conds);
  const base = ctx.db
    .select({
      codigo: products.codigo,
      model: products.model,
      name: products.name,
      image: products.imageUrl,
      department: departments.name,
      category: categories.name,
      priceCents: products.priceCents,
      totalStock: sql<number>`(select coalesce(sum(v.stock), 0)::int from product_variants v where v.product_id = ${products.id} and v.store_id = ${products.storeId})`,
      variantCount: sql<number>`(select count(*)::int from product_variants v where v.product_id = ${products.id} and v.store_id = ${products.storeId})`,
      visible: products.visible,
      archivedAt: products.archivedAt,
      sourceProductId: products.sourceProductId,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)));
  const [rows, [count]] = await Promise.all([
    base
      .where(where)
      .orderBy(desc(products.updatedAt), asc(products.codigo))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      codigo: r.codigo,
      model: r.model ?? r.codigo,
      name: r.name,
      image: r.image,
      department: r.department,
      category: r.category,
      priceCents: r.priceCents,
      totalStock: Number(r.totalStock),
      variantCount: Number(r.variantCount),
      visible: r.visible,
      archived: r.archivedAt !== null,
      isListing: r.sourceProductId !== null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: count.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}
