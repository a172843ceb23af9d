CREATE TABLE "fulfilments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"supplier_store_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"items_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"wholesale_cents" bigint DEFAULT 0 NOT NULL,
	"shipping_cents" bigint NOT NULL,
	"shipping" jsonb NOT NULL,
	"supplier_fee_bps" integer,
	"tracking_number" text,
	"reject_reason" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfilments_status" CHECK ("fulfilments"."status" in ('pending', 'paid', 'ready_to_ship', 'on_the_way', 'delivered', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "catalog_offer_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"wholesale_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_offer_variants_positive" CHECK ("catalog_offer_variants"."wholesale_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "catalog_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"suggested_retail_cents" bigint,
	"lead_time_days_min" integer DEFAULT 1 NOT NULL,
	"lead_time_days_max" integer DEFAULT 3 NOT NULL,
	"wholesale_from_cents" bigint NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unpublished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_offers_status" CHECK ("catalog_offers"."status" in ('published', 'unpublished')),
	CONSTRAINT "catalog_offers_lead_time" CHECK ("catalog_offers"."lead_time_days_min" between 0 and "catalog_offers"."lead_time_days_max")
);
--> statement-breakpoint
CREATE TABLE "listing_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"source_variant_id" uuid NOT NULL,
	"accepted_wholesale_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"supplier_store_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"title_override" text,
	"description_override" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_state" CHECK ("listings"."state" in ('active', 'review', 'unpublished'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "fulfilment_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "supplier_store_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "source_variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "wholesale_unit_cents" bigint;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "fulfilment_id" uuid;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "supplier_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_supplier_store_id_stores_id_fk" FOREIGN KEY ("supplier_store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offer_variants" ADD CONSTRAINT "catalog_offer_variants_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offer_variants" ADD CONSTRAINT "catalog_offer_variants_offer_id_catalog_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."catalog_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offer_variants" ADD CONSTRAINT "catalog_offer_variants_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD CONSTRAINT "catalog_offers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD CONSTRAINT "catalog_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_variants" ADD CONSTRAINT "listing_variants_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_variants" ADD CONSTRAINT "listing_variants_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_variants" ADD CONSTRAINT "listing_variants_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_variants" ADD CONSTRAINT "listing_variants_source_variant_id_product_variants_id_fk" FOREIGN KEY ("source_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_offer_id_catalog_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."catalog_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_supplier_store_id_stores_id_fk" FOREIGN KEY ("supplier_store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilments_order_number_uq" ON "fulfilments" USING btree ("order_id","number");--> statement-breakpoint
CREATE INDEX "fulfilments_store_order_idx" ON "fulfilments" USING btree ("store_id","order_id");--> statement-breakpoint
CREATE INDEX "fulfilments_supplier_idx" ON "fulfilments" USING btree ("supplier_store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_offer_variants_variant_uq" ON "catalog_offer_variants" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "catalog_offer_variants_offer_idx" ON "catalog_offer_variants" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_offers_product_uq" ON "catalog_offers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "catalog_offers_store_idx" ON "catalog_offers" USING btree ("store_id","status");--> statement-breakpoint
CREATE INDEX "catalog_offers_status_published_idx" ON "catalog_offers" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "catalog_offers_status_price_idx" ON "catalog_offers" USING btree ("status","wholesale_from_cents");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_variants_variant_uq" ON "listing_variants" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "listing_variants_source_idx" ON "listing_variants" USING btree ("source_variant_id");--> statement-breakpoint
CREATE INDEX "listing_variants_listing_idx" ON "listing_variants" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_store_offer_uq" ON "listings" USING btree ("store_id","offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_product_uq" ON "listings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "listings_offer_idx" ON "listings" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "listings_supplier_idx" ON "listings" USING btree ("supplier_store_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_fulfilment_idx" ON "ledger_lines" USING btree ("fulfilment_id");