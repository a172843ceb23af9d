-- CFDI 4.0 invoices (decision 154): the store's PAC account (secret key encrypted), the buyers' fiscal data, and the
-- facturas and credit notes of orders.
CREATE TABLE "invoicing_accounts" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'facturapi' NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"api_key_last4" text NOT NULL,
	"livemode" boolean DEFAULT false NOT NULL,
	"product_key" text DEFAULT '01010101' NOT NULL,
	"unit_key" text DEFAULT 'H87' NOT NULL,
	"shipping_product_key" text DEFAULT '78102203' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_profiles" (
	"store_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rfc" text NOT NULL,
	"legal_name" text NOT NULL,
	"tax_regime" text NOT NULL,
	"cfdi_use" text NOT NULL,
	"postal_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_profiles_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"related_invoice_id" uuid,
	"refund_id" uuid,
	"receiver" jsonb NOT NULL,
	"email" text NOT NULL,
	"payment_form" text NOT NULL,
	"base_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"pac_id" text,
	"uuid" text,
	"pdf_key" text,
	"xml_key" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('income', 'credit_note')),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('requested', 'issued', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "invoicing_accounts" ADD CONSTRAINT "invoicing_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_profiles" ADD CONSTRAINT "fiscal_profiles_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_profiles" ADD CONSTRAINT "fiscal_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_store_order_idx" ON "invoices" USING btree ("store_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_income_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'income';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_refund" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("status") WHERE "invoices"."status" in ('requested', 'failed');
