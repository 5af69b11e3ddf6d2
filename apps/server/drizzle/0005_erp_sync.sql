CREATE TABLE "erp_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"display_name" text NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"price_list_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_sync_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sync_id" uuid NOT NULL,
	"product_number" text NOT NULL,
	"title" text NOT NULL,
	"outcome" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "erp_sync_items" ADD CONSTRAINT "erp_sync_items_sync_id_erp_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."erp_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_items_number_unique" ON "erp_items" USING btree ("number");--> statement-breakpoint
CREATE INDEX "erp_sync_items_sync_idx" ON "erp_sync_items" USING btree ("sync_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_syncs_one_running" ON "erp_syncs" USING btree ("kind") WHERE "erp_syncs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "erp_syncs_started_idx" ON "erp_syncs" USING btree ("kind","started_at");