ALTER TABLE "sessions" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_synced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_customer_number_idx" ON "orders" USING btree ("customer_number");--> statement-breakpoint
-- Orders synced before this column existed: the end of their ERP sync job (what the history showed).
UPDATE "orders" SET "erp_synced_at" = "outbox"."finished_at" FROM "outbox"
WHERE "orders"."erp_sync_status" = 'synced' AND "outbox"."status" = 'done'
  AND "outbox"."dedupe_key" = 'erp-order-sync:' || "orders"."number";
