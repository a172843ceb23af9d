CREATE TABLE "store_content" (
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_content_store_id_kind_pk" PRIMARY KEY("store_id","kind")
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "wizard_config" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_content" ADD CONSTRAINT "store_content_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_content_store_idx" ON "store_content" USING btree ("store_id");