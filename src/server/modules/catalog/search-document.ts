/**
 * The full-text document of a product: weighted tsvector in the store's configuration over
 * unaccented text (A: name; B: keywords, brand, department, category; C: descriptions), and the unaccented lower-case
 * name used by pg_trgm for typo tolerance. Recomputed in SQL whenever a product is written.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL expression that sets products.search_vector for rows of `productIdsSql` (a subquery or list) of the store; a null
 * store is for rows of several stores that share one language (the marketplace's copies, whose ids `where` names).
 */
export function refreshSearchDocumentSql(storeId: string | null, config: 'spanish' | 'english', where: SQL): SQL {
  const cfg = sql.raw(`'${config}'::regconfig`);
  return sql`
    update products p set
      search_vector =
        setweight(to_tsvector(${cfg}, f_unaccent(p.name)), 'A') ||
        setweight(to_tsvector(${cfg}, f_unaccent(concat_ws(' ', array_to_string(p.keywords, ' '), p.brand, d.name, c.name))), 'B') ||
        setweight(to_tsvector(${cfg}, f_unaccent(concat_ws(' ', p.short_description, left(p.description, 4000)))), 'C'),
      search_name = lower(f_unaccent(p.name))
    from products p2
      left join departments d on d.id = p2.department_id and d.store_id = p2.store_id
      left join categories c on c.id = p2.category_id and c.store_id = p2.store_id
    where p.id = p2.id and ${storeId === null ? sql`true` : sql`p.store_id = ${storeId}`} and ${where}`;
}
