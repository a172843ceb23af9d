-- Quotes (cotizaciones; decisions 150, 151): a buyer's request, the seller's answer and the order that accepted it.
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"product_id" uuid NOT NULL,
	"codigo" text NOT NULL,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"image_url" text,
	"hs_code" text,
	"min_order_qty" integer NOT NULL,
	"quantity" integer NOT NULL,
	"destination_country" text NOT NULL,
	"destination_city" text NOT NULL,
	"services" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'es' NOT NULL,
	"storefront_origin" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"answer" jsonb,
	"valid_until" date,
	"sent_at" timestamp with time zone,
	"accepted_tier" integer,
	"order_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status" CHECK ("quotes"."status" in ('requested', 'sent', 'accepted', 'declined', 'expired')),
	CONSTRAINT "quotes_quantity_positive" CHECK ("quotes"."quantity" > 0),
	CONSTRAINT "quotes_accepted_has_order" CHECK (("quotes"."status" = 'accepted') = ("quotes"."order_id" is not null and "quotes"."accepted_tier" is not null))
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_store_status_idx" ON "quotes" USING btree ("store_id","status","requested_at");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("store_id","customer_id","requested_at");--> statement-breakpoint
CREATE INDEX "quotes_sent_valid_idx" ON "quotes" USING btree ("valid_until") WHERE "quotes"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_order_uq" ON "quotes" USING btree ("order_id");
