-- Trigram indexes for the shop search (case-insensitive substring on title or number).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_number_unique";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "products_number_live_unique" ON "products" USING btree ("number") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_number_trgm_idx" ON "products" USING gin ("number" gin_trgm_ops);