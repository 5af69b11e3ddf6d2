CREATE TABLE "user_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_subject" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "erp_sales_orders" ADD COLUMN "shipment_number" text;--> statement-breakpoint
ALTER TABLE "erp_sales_orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erp_sales_orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "erp_sales_orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_sales_order_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_shipment_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_invoice_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_status_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "user_addresses_user_idx" ON "user_addresses" USING btree ("user_subject","created_at");--> statement-breakpoint
CREATE INDEX "orders_erp_status_due_idx" ON "orders" USING btree ("erp_status_checked_at") WHERE "orders"."erp_synced_at" is not null and "orders"."invoiced_at" is null;--> statement-breakpoint
-- Orders the built-in ERP took before the number was kept; Business Central's are looked up by id.
UPDATE "orders" SET "erp_sales_order_number" = "erp_sales_orders"."number" FROM "erp_sales_orders"
WHERE "erp_sales_orders"."id"::text = "orders"."erp_sales_order_id";
