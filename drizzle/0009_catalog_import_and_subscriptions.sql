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
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_recurring_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_recurring_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "store_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"next_payment_at" timestamp with time zone,
	"past_due_since" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"payment_token" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_ref" text,
	"failure_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_invoices_amount_positive" CHECK ("subscription_invoices"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"price_cents" bigint NOT NULL,
	"interval" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subscription_plans_price_positive" CHECK ("subscription_plans"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "import_handle" text;--> statement-breakpoint
ALTER TABLE "catalog_csv_transfers" ADD CONSTRAINT "catalog_csv_transfers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD CONSTRAINT "store_subscriptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD CONSTRAINT "store_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_csv_transfers_store_idx" ON "catalog_csv_transfers" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_subscriptions_store_uq" ON "store_subscriptions" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_subscriptions_due_idx" ON "store_subscriptions" USING btree ("status","next_payment_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_store_key_uq" ON "subscription_invoices" USING btree ("store_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "subscription_invoices_store_created_idx" ON "subscription_invoices" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_import_handle_uq" ON "products" USING btree ("store_id","import_handle");
--> statement-breakpoint
-- ===== HAND-WRITTEN subscription plans and trials =====
INSERT INTO "subscription_plans" ("id", "price_cents", "interval", "sort_order") VALUES ('monthly', 29900, 'month', 1), ('yearly', 299000, 'year', 2), ('premium', 69900, 'month', 3) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "store_subscriptions" ("store_id", "plan_id", "status", "trial", "current_period_start", "current_period_end", "next_payment_at") SELECT "id", 'monthly', 'active', true, now(), now() + interval '30 days', now() + interval '30 days' FROM "stores" ON CONFLICT DO NOTHING;
-- ===== END HAND-WRITTEN =====
