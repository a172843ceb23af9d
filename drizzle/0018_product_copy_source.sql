ALTER TABLE "products" ADD COLUMN "source_product_id" uuid;--> statement-breakpoint
-- Listings made before the column existed: their product is a copy of their offer's product.
UPDATE "products" p SET "source_product_id" = o."product_id"
  FROM "listings" l JOIN "catalog_offers" o ON o."id" = l."offer_id"
  WHERE l."product_id" = p."id" AND p."source_product_id" IS NULL;
