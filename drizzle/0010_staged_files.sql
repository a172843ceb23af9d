CREATE TABLE "staged_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"discarded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staged_files" ADD CONSTRAINT "staged_files_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staged_files_owner_idx" ON "staged_files" USING btree ("store_id","owner");--> statement-breakpoint
CREATE INDEX "staged_files_created_idx" ON "staged_files" USING btree ("created_at");