ALTER TABLE "catalog_offers" ADD COLUMN "code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "department_name" text;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "category_name" text;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "cover_url" text;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "supplier_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "moq" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "stock_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_offers_search_gin" ON "catalog_offers" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "catalog_offers_search_name_trgm" ON "catalog_offers" USING gin ("search_name" gin_trgm_ops);