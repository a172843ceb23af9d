-- Two memories each instance keeps, told of changes by triggers: who holds a session, and which offers a store lists.
-- Each instance remembers who holds a session token; these triggers tell every instance when that may have changed:
-- any update or delete of a session or user and any write to a store membership publishes topic 'accounts' with the
-- user ids (no ids when more than 100: forget every session). Statements that touched no row publish nothing.
CREATE OR REPLACE FUNCTION vitrina_notify_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM %I',
    TG_ARGV[0], CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END) INTO ids;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('vitrina_changes', json_build_object(
      's', '', 't', 'accounts', 'i', CASE WHEN cardinality(ids) <= 100 THEN ids END)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_upd AFTER UPDATE ON sessions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_accounts('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_del AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_accounts('user_id');
--> statement-breakpoint
CREATE TRIGGER users_notify_upd AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_accounts('id');
--> statement-breakpoint
CREATE TRIGGER users_notify_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_accounts('id');
--> statement-breakpoint
CREATE TRIGGER store_memberships_notify_ins AFTER INSERT ON store_memberships REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_accounts('user_id');
--> statement-breakpoint
CREATE TRIGGER store_memberships_notify_upd AFTER UPDATE ON store_memberships REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_accounts('user_id');
--> statement-breakpoint
CREATE TRIGGER store_memberships_notify_del AFTER DELETE ON store_memberships REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_accounts('user_id');
--> statement-breakpoint
-- The global catalogue marks the offers a store already lists from each instance's memory: every write to listings
-- publishes topic 'listings' for the reseller's store with the offer ids.
CREATE TRIGGER listings_notify_ins AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('listings', 'offer_id');
--> statement-breakpoint
CREATE TRIGGER listings_notify_upd AFTER UPDATE ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('listings', 'offer_id');
--> statement-breakpoint
CREATE TRIGGER listings_notify_del AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('listings', 'offer_id');
