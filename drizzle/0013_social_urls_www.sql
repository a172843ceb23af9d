-- Social URLs are stored as https://www.<network>.com/<path> (decision 106). Values saved in another spelling of the
-- same site (https://facebook.com/..., https://m.facebook.com/..., any case) are rewritten to that form; anything
-- else is left as it is (the admin shows it for the seller to fix, the storefront does not link it).
UPDATE "stores"
SET "settings" = jsonb_set(
  "settings",
  '{social,facebook}',
  to_jsonb('https://www.facebook.com/' || substring("settings" #>> '{social,facebook}' from '(?i)^https://(?:(?:www|m)\.)?facebook\.com/?(.*)$'))
)
WHERE "settings" #>> '{social,facebook}' ~* '^https://((www|m)\.)?facebook\.com(/[^[:space:]"''<>\\]*)?$'
  AND "settings" #>> '{social,facebook}' NOT LIKE 'https://www.facebook.com/%';
--> statement-breakpoint
UPDATE "stores"
SET "settings" = jsonb_set(
  "settings",
  '{social,instagram}',
  to_jsonb('https://www.instagram.com/' || substring("settings" #>> '{social,instagram}' from '(?i)^https://(?:(?:www|m)\.)?instagram\.com/?(.*)$'))
)
WHERE "settings" #>> '{social,instagram}' ~* '^https://((www|m)\.)?instagram\.com(/[^[:space:]"''<>\\]*)?$'
  AND "settings" #>> '{social,instagram}' NOT LIKE 'https://www.instagram.com/%';
--> statement-breakpoint
UPDATE "stores"
SET "settings" = jsonb_set(
  "settings",
  '{social,youtube}',
  to_jsonb('https://www.youtube.com/' || substring("settings" #>> '{social,youtube}' from '(?i)^https://(?:(?:www|m)\.)?youtube\.com/?(.*)$'))
)
WHERE "settings" #>> '{social,youtube}' ~* '^https://((www|m)\.)?youtube\.com(/[^[:space:]"''<>\\]*)?$'
  AND "settings" #>> '{social,youtube}' NOT LIKE 'https://www.youtube.com/%';
