ALTER TABLE "bank_accounts" ADD COLUMN "payouts_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "updated_by" uuid;