CREATE SEQUENCE "public"."erp_sales_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "checkout_nonces" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_sales_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"external_document_number" text NOT NULL,
	"customer_number" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_nonces" ADD CONSTRAINT "checkout_nonces_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_nonces_expires_at_idx" ON "checkout_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "checkout_nonces_order_idx" ON "checkout_nonces" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_sales_orders_number_unique" ON "erp_sales_orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_sales_orders_external_unique" ON "erp_sales_orders" USING btree ("external_document_number");