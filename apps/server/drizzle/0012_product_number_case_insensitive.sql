-- Product numbers are unique without regard to case (issue 34): QA-100 and qa-100 made two
-- product pages. Live products that already clash keep the oldest one's number; each later one
-- gets its number with a suffix from its id (QA-100 -> qa-100-3f2a9c1e), so the migration never
-- fails on existing data and no product is hidden or lost. The admin finds them in the list by
-- their old number (a substring search) and renames them; the audit log records the change.
WITH "clashing" AS (
  SELECT "id", "number",
    row_number() OVER (PARTITION BY lower("number") ORDER BY "created_at", "id") AS "rank"
  FROM "products"
  WHERE "deleted_at" IS NULL
), "renamed" AS (
  UPDATE "products" SET
    -- Numbers are at most 50 characters: 41 of the old number, a hyphen, 8 of the id.
    "number" = left("clashing"."number", 41) || '-' || left("products"."id"::text, 8),
    "updated_at" = now()
  FROM "clashing"
  WHERE "clashing"."id" = "products"."id" AND "clashing"."rank" > 1
  RETURNING "products"."id", "clashing"."number" AS "before", "products"."number" AS "after"
)
INSERT INTO "audit_log" ("actor_subject", "action", "entity_type", "entity_id", "before", "after")
  SELECT 'migration:0012', 'product.update', 'product', "after",
    jsonb_build_object('number', "before"), jsonb_build_object('number', "after")
  FROM "renamed";--> statement-breakpoint
-- The exact index stays: it serves the lookups by exact number (carts, checkout, price sync).
CREATE UNIQUE INDEX "products_number_lower_live_unique" ON "products" USING btree (lower("number")) WHERE "products"."deleted_at" is null;
