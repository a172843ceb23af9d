CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_synonyms" ADD CONSTRAINT "search_synonyms_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_synonyms_store_idx" ON "search_synonyms" USING btree ("store_id");--> statement-breakpoint
-- Change feed (src/server/db/change-feed.ts, decision 033): every write to catalogue and store data notifies
-- channel vitrina_changes with {"s": store id, "t": topic, "i": ids or null}, delivered to every app instance when the
-- transaction commits. Statement-level triggers with transition tables send one notification per store and statement.
-- TG_ARGV[0] is the topic, TG_ARGV[1] the column whose values are the ids (null when more than 100).
CREATE OR REPLACE FUNCTION vitrina_notify_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN EXECUTE format(
    'SELECT store_id, array_agg(DISTINCT %I::text) AS ids FROM %I GROUP BY store_id',
    TG_ARGV[1], CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END)
  LOOP
    PERFORM pg_notify('vitrina_changes', json_build_object(
      's', r.store_id, 't', TG_ARGV[0], 'i', CASE WHEN cardinality(r.ids) <= 100 THEN r.ids END)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_notify_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('products', 'id');
--> statement-breakpoint
CREATE TRIGGER products_notify_upd AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('products', 'id');
--> statement-breakpoint
CREATE TRIGGER products_notify_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('products', 'id');
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_ins AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('products', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_upd AFTER UPDATE ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('products', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_del AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('products', 'product_id');
--> statement-breakpoint
CREATE TRIGGER reviews_notify_ins AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('products', 'product_id');
--> statement-breakpoint
CREATE TRIGGER reviews_notify_upd AFTER UPDATE ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('products', 'product_id');
--> statement-breakpoint
CREATE TRIGGER reviews_notify_del AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('products', 'product_id');
--> statement-breakpoint
CREATE TRIGGER departments_notify_ins AFTER INSERT ON departments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('departments', 'id');
--> statement-breakpoint
CREATE TRIGGER departments_notify_upd AFTER UPDATE ON departments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('departments', 'id');
--> statement-breakpoint
CREATE TRIGGER departments_notify_del AFTER DELETE ON departments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('departments', 'id');
--> statement-breakpoint
CREATE TRIGGER categories_notify_ins AFTER INSERT ON categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('departments', 'department_id');
--> statement-breakpoint
CREATE TRIGGER categories_notify_upd AFTER UPDATE ON categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('departments', 'department_id');
--> statement-breakpoint
CREATE TRIGGER categories_notify_del AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('departments', 'department_id');
--> statement-breakpoint
CREATE TRIGGER search_synonyms_notify_ins AFTER INSERT ON search_synonyms REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('synonyms', 'id');
--> statement-breakpoint
CREATE TRIGGER search_synonyms_notify_upd AFTER UPDATE ON search_synonyms REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('synonyms', 'id');
--> statement-breakpoint
CREATE TRIGGER search_synonyms_notify_del AFTER DELETE ON search_synonyms REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('synonyms', 'id');
--> statement-breakpoint
-- Stores: a change to anything but the order-folio counter (bumped by every order) is a settings change.
CREATE OR REPLACE FUNCTION vitrina_notify_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (to_jsonb(OLD) - 'last_folio') IS DISTINCT FROM (to_jsonb(NEW) - 'last_folio') THEN
    PERFORM pg_notify('vitrina_changes', json_build_object('s', OLD.id, 't', 'store', 'i', NULL)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stores_notify AFTER UPDATE OR DELETE ON stores FOR EACH ROW EXECUTE FUNCTION vitrina_notify_store();
--> statement-breakpoint
-- Domains: ids are the host names (old and new), so a cache of host -> store can drop exactly those.
CREATE OR REPLACE FUNCTION vitrina_notify_domain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vitrina_changes', json_build_object(
    's', COALESCE(NEW.store_id, OLD.store_id), 't', 'domains',
    'i', (SELECT array_agg(DISTINCT h) FROM unnest(ARRAY[OLD.hostname, NEW.hostname]) h WHERE h IS NOT NULL))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER store_domains_notify AFTER INSERT OR UPDATE OR DELETE ON store_domains
  FOR EACH ROW EXECUTE FUNCTION vitrina_notify_domain();
