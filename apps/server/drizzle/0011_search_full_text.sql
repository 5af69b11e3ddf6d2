-- The shop search (issue 34) matches every word of a search over title, number and category
-- name: as a substring or a typo (pg_trgm on search_text) or as a stem or prefix (full text on
-- search_vector: title weighted A, number B, category C). Both are kept by triggers on every
-- write, in the writing transaction, so a product is found as it is the moment it is saved.
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE FUNCTION "products_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  category_name text;
BEGIN
  SELECT "name" INTO category_name FROM "categories" WHERE "id" = NEW."category_id";
  category_name := coalesce(category_name, '');
  NEW."search_text" := NEW."title" || ' ' || NEW."number" || ' ' || category_name;
  -- The parser reads letters and digits only ('VB-12' as 'vb' and '12', not '-12'), as the
  -- search reads the words it is given (search-query.ts).
  NEW."search_vector" :=
    setweight(to_tsvector('english'::regconfig, regexp_replace(NEW."title", '[^[:alnum:]]+', ' ', 'g')), 'A')
    || setweight(to_tsvector('simple'::regconfig, regexp_replace(NEW."number", '[^[:alnum:]]+', ' ', 'g')), 'B')
    || setweight(to_tsvector('english'::regconfig, regexp_replace(category_name, '[^[:alnum:]]+', ' ', 'g')), 'C');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_document"
  BEFORE INSERT OR UPDATE OF "title", "number", "category_id" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_search_document"();--> statement-breakpoint
-- A renamed category is written again into each of its products' documents.
CREATE FUNCTION "categories_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" SET "category_id" = "category_id" WHERE "category_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "categories_search_document"
  AFTER UPDATE OF "name" ON "categories"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "categories_search_document"();--> statement-breakpoint
UPDATE "products" SET "title" = "title";--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector") WHERE "products"."deleted_at" is null;--> statement-breakpoint
-- Title substrings are found through search_text now.
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
-- The planner's statistics for the new columns, before the first search.
ANALYZE "products";
