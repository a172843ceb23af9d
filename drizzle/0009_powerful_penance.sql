CREATE TABLE "catalog_csv_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"content" text,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"images_skipped" integer DEFAULT 0 NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "import_handle" text;--> statement-breakpoint
ALTER TABLE "catalog_csv_transfers" ADD CONSTRAINT "catalog_csv_transfers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_csv_transfers_store_idx" ON "catalog_csv_transfers" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_import_handle_uq" ON "products" USING btree ("store_id","import_handle");