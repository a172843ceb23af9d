-- The platform operator (decisions 163, 164) and supplier badges (decisions 165, 166).
-- A store suspended by the operator stays suspended when its subscription is paid: who suspended it is kept.
ALTER TABLE "stores" ADD COLUMN "suspended_by" text;--> statement-breakpoint
-- The operator's sessions: a token audience of its own, never looked up by the store and buyer sign-in.
CREATE TABLE "operator_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_hash_uq" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
-- Every operator action, append-only: no foreign key (a deleted store or account would rewrite history).
CREATE TABLE "operator_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" uuid NOT NULL,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"store_id" uuid,
	"target" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "operator_audit_log_store_idx" ON "operator_audit_log" USING btree ("store_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
-- Per statement, so even a change that matches no row is refused.
CREATE TRIGGER operator_audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON operator_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_append_only();
--> statement-breakpoint
-- A store's requests for a badge: the documents as sent, then the operator's decision.
CREATE TABLE "badge_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"badge" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auditor" text,
	"audited_on" date,
	"valid_until" date,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badge_requests" ADD CONSTRAINT "badge_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_requests_store_idx" ON "badge_requests" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_requests_pending_uq" ON "badge_requests" USING btree ("store_id","badge") WHERE "badge_requests"."status" = 'pending';--> statement-breakpoint
-- The badges a store holds now (one row per badge), with the date it lapses and the reminders sent.
CREATE TABLE "supplier_badges" (
	"store_id" uuid NOT NULL,
	"badge" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" date,
	"request_id" uuid,
	"reminded_30_at" timestamp with time zone,
	"reminded_7_at" timestamp with time zone,
	CONSTRAINT "supplier_badges_store_id_badge_pk" PRIMARY KEY("store_id","badge")
);
--> statement-breakpoint
ALTER TABLE "supplier_badges" ADD CONSTRAINT "supplier_badges_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every grant and lapse of a badge.
CREATE TABLE "badge_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"badge" text NOT NULL,
	"event" text NOT NULL,
	"reason" text NOT NULL,
	"valid_until" date,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badge_events" ADD CONSTRAINT "badge_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_events_store_idx" ON "badge_events" USING btree ("store_id","at");
