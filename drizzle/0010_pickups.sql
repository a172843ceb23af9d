CREATE TABLE "pickup_settings" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"pickup_type" text NOT NULL,
	"days" text[] NOT NULL,
	"hour" text NOT NULL,
	"location" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pickup_settings" ADD CONSTRAINT "pickup_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;