-- A buyer's default address in the account's address book: at most one per buyer (the partial unique index).
ALTER TABLE "addresses" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_user_default_uq" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";
