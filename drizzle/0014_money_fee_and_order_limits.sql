CREATE TABLE "store_order_limits" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"max_units_per_line" integer NOT NULL,
	"max_units_per_order" integer NOT NULL,
	"max_held_units_per_client" integer NOT NULL,
	"card_hold_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_order_limits_line" CHECK ("store_order_limits"."max_units_per_line" between 1 and 999),
	CONSTRAINT "store_order_limits_order" CHECK ("store_order_limits"."max_units_per_order" between "store_order_limits"."max_units_per_line" and 9999),
	CONSTRAINT "store_order_limits_client" CHECK ("store_order_limits"."max_held_units_per_client" between "store_order_limits"."max_units_per_order" and 99999),
	CONSTRAINT "store_order_limits_hold" CHECK ("store_order_limits"."card_hold_minutes" between 5 and 60)
);
--> statement-breakpoint
-- Orders placed before the fee rate was kept per order were all charged 3.5 % (decision 046); new orders take their
-- plan's rate at checkout, so the default is dropped once the existing rows have it.
ALTER TABLE "orders" ADD COLUMN "platform_fee_bps" integer DEFAULT 350 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "platform_fee_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "platform_fee_bps" integer DEFAULT 350 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_order_limits" ADD CONSTRAINT "store_order_limits_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_platform_fee_bps_range" CHECK ("orders"."platform_fee_bps" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_fee_bps_range" CHECK ("subscription_plans"."platform_fee_bps" between 0 and 10000);