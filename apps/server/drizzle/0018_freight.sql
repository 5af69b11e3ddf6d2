CREATE TABLE "freight_table" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freight_table_single_row" CHECK ("freight_table"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_weight_lb" numeric(7, 2);