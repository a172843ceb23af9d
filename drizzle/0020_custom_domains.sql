-- Custom domains (decision 145): every domain made with its store is the store's platform address; a seller's own
-- domain is checked in DNS, then activated, then gets a certificate. One primary address per store: should an older
-- database hold two, the older one stays primary.
UPDATE "store_domains" d SET "is_primary" = false WHERE d."is_primary" AND d."id" <> (
  SELECT x."id" FROM "store_domains" x WHERE x."store_id" = d."store_id" AND x."is_primary"
  ORDER BY x."created_at", x."id" LIMIT 1);--> statement-breakpoint
ALTER TABLE "store_domains" ADD COLUMN "kind" text DEFAULT 'platform' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_domains" ADD COLUMN "certificate" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_domains" ADD COLUMN "last_records" jsonb;--> statement-breakpoint
ALTER TABLE "store_domains" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "store_domains" ADD COLUMN "last_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_domains" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_domains" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_domains" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "store_domains_primary_uq" ON "store_domains" USING btree ("store_id") WHERE "store_domains"."is_primary";--> statement-breakpoint
CREATE INDEX "store_domains_next_check_idx" ON "store_domains" USING btree ("next_check_at") WHERE "store_domains"."status" = 'pending_validation';--> statement-breakpoint
ALTER TABLE "store_domains" ADD CONSTRAINT "store_domains_kind" CHECK ("store_domains"."kind" in ('platform', 'custom'));--> statement-breakpoint
ALTER TABLE "store_domains" ADD CONSTRAINT "store_domains_status" CHECK ("store_domains"."status" in ('pending_validation', 'verified', 'active', 'failed'));--> statement-breakpoint
ALTER TABLE "store_domains" ADD CONSTRAINT "store_domains_certificate" CHECK ("store_domains"."certificate" in ('none', 'requested', 'issued', 'renewing', 'failed'));