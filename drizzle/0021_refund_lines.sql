-- A refund of units of one order line (decision 147): the line, the units, and whose shares it reversed.
ALTER TABLE "refunds" ADD COLUMN "order_item_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "line_shares" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_line" CHECK (("refunds"."order_item_id" is null and "refunds"."quantity" is null and "refunds"."line_shares" is null) or ("refunds"."order_item_id" is not null and "refunds"."quantity" > 0 and "refunds"."line_shares" in ('all', 'store')));