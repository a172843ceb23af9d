CREATE TABLE "store_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"email" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_invitations" ADD CONSTRAINT "store_invitations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_invitations" ADD CONSTRAINT "store_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_memberships" ADD CONSTRAINT "store_memberships_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_memberships" ADD CONSTRAINT "store_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_invitations_token_hash_uq" ON "store_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "store_invitations_store_idx" ON "store_invitations" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_memberships_store_user_uq" ON "store_memberships" USING btree ("store_id","user_id");--> statement-breakpoint
CREATE INDEX "store_memberships_user_idx" ON "store_memberships" USING btree ("user_id");--> statement-breakpoint
-- ===== HAND-WRITTEN (identity, issue 7): sellers become platform accounts with store memberships =====
-- Every owner/collaborator row becomes a membership of the earliest row with that email (the kept platform
-- account). Collaborators keep every permission they had (before this migration none was checked).
INSERT INTO "store_memberships" ("store_id", "user_id", "role", "permissions")
SELECT u."store_id", k."id", u."role",
       CASE WHEN u."role" = 'collaborator' THEN ARRAY['catalog','orders','money','settings']::text[] ELSE '{}'::text[] END
FROM "users" u
JOIN LATERAL (
  SELECT k."id" FROM "users" k WHERE k."email" = u."email" AND k."role" IN ('owner','collaborator')
  ORDER BY k."created_at", k."id" LIMIT 1
) k ON true
WHERE u."role" IN ('owner','collaborator') AND u."store_id" IS NOT NULL
ON CONFLICT ("store_id", "user_id") DO NOTHING;
--> statement-breakpoint
-- Duplicate seller rows (same email in several stores) are folded into the kept account; their sessions go with them.
DELETE FROM "users" u WHERE u."role" IN ('owner','collaborator') AND EXISTS (
  SELECT 1 FROM "users" k WHERE k."email" = u."email" AND k."role" IN ('owner','collaborator')
  AND (k."created_at", k."id") < (u."created_at", u."id")
);
--> statement-breakpoint
UPDATE "users" SET "store_id" = NULL, "role" = 'seller' WHERE "role" IN ('owner','collaborator');
-- ===== END HAND-WRITTEN =====
