ALTER TABLE "orders" ADD COLUMN "view_token" text;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "view_token_hash";