/**
 * Departments and categories written by the seller's catalogue and by imports: slugs from names, the pair for a
 * product (created when new), and the seller's own create (POST /api/reseller/post_categoria_departamento). Every
 * query is scoped by ctx.storeId.
 */
import { categories, departments } from '../../db/schema/catalog.js';
import { runTransaction } from '../../db/transaction.js';
import { withTx, type StoreDbContext } from '../../lib/context.js';

/** URL slug of a department or category name: lower case, no accents, words joined by "-". */
export function slugify(name: string): string {
  const s = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return s || 'x';
}

/** The department and category of these names (created when new; same slug = same row). */
export async function resolveTaxonomy(ctx: StoreDbContext, department: string, category: string) {
  const { db, storeId } = ctx;
  const depSlug = slugify(department);
  const [dep] = await db
    .insert(departments)
    .values({ storeId, slug: depSlug, name: department })
    .onConflictDoUpdate({ target: [departments.storeId, departments.slug], set: { slug: depSlug } })
    .returning({ id: departments.id, name: departments.name, slug: departments.slug });
  const catSlug = slugify(category);
  const [cat] = await db
    .insert(categories)
    .values({ storeId, departmentId: dep.id, slug: catSlug, name: category })
    .onConflictDoUpdate({
      target: [categories.storeId, categories.departmentId, categories.slug],
      set: { slug: catSlug },
    })
    .returning({ id: categories.id, name: categories.name, slug: categories.slug });
  return { dep, cat };
}

/**
 * Creates a department and, when given, a category of it (POST /api/reseller/post_categoria_departamento). Existing
 * ones (same slug) are returned unchanged, so the call is idempotent.
 */
export async function createDepartmentCategory(
  ctx: StoreDbContext,
  input: { department: string; category?: string },
): Promise<{ department: { slug: string; name: string }; category: { slug: string; name: string } | null }> {
  return runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    const depSlug = slugify(input.department);
    const [dep] = await c.db
      .insert(departments)
      .values({ storeId: ctx.storeId, slug: depSlug, name: input.department })
      .onConflictDoUpdate({ target: [departments.storeId, departments.slug], set: { slug: depSlug } })
      .returning({ id: departments.id, name: departments.name, slug: departments.slug });
    if (!input.category) return { department: { slug: dep.slug, name: dep.name }, category: null };
    const { cat } = await resolveTaxonomy(c, dep.name, input.category);
    return { department: { slug: dep.slug, name: dep.name }, category: { slug: cat.slug, name: cat.name } };
  });
}
