CREATE TABLE "live_product_count" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "live_product_count_single" CHECK ("live_product_count"."single")
);
--> statement-breakpoint
-- The count is kept by statement triggers (one update per statement, however many rows it
-- wrote), in the writing transaction: readers see the count that matches the products they see.
-- A missing row (a reset emptied the table) is written back whole from the products table.
CREATE FUNCTION "live_product_count_add"(delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta = 0 THEN
    RETURN;
  END IF;
  UPDATE "live_product_count" SET "count" = "count" + delta;
  IF NOT FOUND THEN
    INSERT INTO "live_product_count" ("single", "count")
      SELECT true, count(*) FROM "products" WHERE "deleted_at" IS NULL
      ON CONFLICT ("single") DO UPDATE SET "count" = "live_product_count"."count" + delta;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "live_product_count_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "live_product_count_add"((SELECT count(*) FROM "inserted" WHERE "deleted_at" IS NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "live_product_count_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "live_product_count_add"(
    (SELECT count(*) FROM "updated" WHERE "deleted_at" IS NULL)
    - (SELECT count(*) FROM "previous" WHERE "deleted_at" IS NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "live_product_count_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "live_product_count_add"(-(SELECT count(*) FROM "deleted" WHERE "deleted_at" IS NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "live_product_count_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "live_product_count" ("single", "count") VALUES (true, 0)
    ON CONFLICT ("single") DO UPDATE SET "count" = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "live_product_count_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_product_count_after_insert"();--> statement-breakpoint
CREATE TRIGGER "live_product_count_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "previous" NEW TABLE AS "updated"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_product_count_after_update"();--> statement-breakpoint
CREATE TRIGGER "live_product_count_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS "deleted"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_product_count_after_delete"();--> statement-breakpoint
CREATE TRIGGER "live_product_count_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_product_count_after_truncate"();--> statement-breakpoint
INSERT INTO "live_product_count" ("single", "count")
  SELECT true, count(*) FROM "products" WHERE "deleted_at" IS NULL;
