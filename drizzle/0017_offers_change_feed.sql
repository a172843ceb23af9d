-- The global catalogue's in-memory index follows its offers through the change feed: every write to catalog_offers
-- publishes topic 'offers' with the offer ids (more than 100 in one statement: the supplier's store, no ids).
CREATE TRIGGER catalog_offers_notify_ins AFTER INSERT ON catalog_offers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('offers', 'id');
--> statement-breakpoint
CREATE TRIGGER catalog_offers_notify_upd AFTER UPDATE ON catalog_offers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('offers', 'id');
--> statement-breakpoint
CREATE TRIGGER catalog_offers_notify_del AFTER DELETE ON catalog_offers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_rows('offers', 'id');
