-- A sale changes a variant's stock and its product's sales count; nothing a search matches, filters or counts by.
-- Updates of product_variants and products now say so: when every updated row differs from its old version only in
-- those columns (stock; sold_count, the rating figures, updated_at), the notification carries "k": "stock", and the
-- answer cache keeps the searches that do not show the product for a few seconds (decision 149). Every other subscriber
-- treats it as any product change. Rows are compared as JSON minus those columns, so a column added later counts as a
-- real change until it is named here.
CREATE OR REPLACE FUNCTION vitrina_notify_rows_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN EXECUTE format(
    'SELECT n.store_id, array_agg(DISTINCT n.%1$I::text) AS ids,
            bool_and((to_jsonb(n) - %3$L::text[]) = (to_jsonb(o) - %3$L::text[])) AS stock_only
       FROM new_rows n JOIN old_rows o ON o.id = n.id GROUP BY n.store_id',
    TG_ARGV[1], TG_ARGV[0], TG_ARGV[2])
  LOOP
    PERFORM pg_notify('vitrina_changes', json_build_object(
      's', r.store_id, 't', TG_ARGV[0], 'i', CASE WHEN cardinality(r.ids) <= 100 THEN r.ids END,
      'k', CASE WHEN r.stock_only THEN 'stock' END)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_notify_upd ON products;
--> statement-breakpoint
CREATE TRIGGER products_notify_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows_update('products', 'id', '{sold_count,rating_avg_x100,rating_count,updated_at}');
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_variants_notify_upd ON product_variants;
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_upd AFTER UPDATE ON product_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows_update('products', 'product_id', '{stock}');
