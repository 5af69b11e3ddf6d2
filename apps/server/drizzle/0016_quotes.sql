CREATE SEQUENCE "public"."quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_number" text NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"list_price_cents" integer,
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quote_lines"."quantity" >= 1),
	CONSTRAINT "quote_lines_price_nonnegative" CHECK ("quote_lines"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"user_subject" text NOT NULL,
	"email" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_number" text,
	"message" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"po_number" text,
	"ship_first_name" text NOT NULL,
	"ship_last_name" text NOT NULL,
	"ship_phone" text DEFAULT '' NOT NULL,
	"ship_address" text NOT NULL,
	"ship_city" text NOT NULL,
	"ship_state" text NOT NULL,
	"ship_zip" text NOT NULL,
	"ship_country" text NOT NULL,
	"freight_cents" integer,
	"valid_until" date,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_freight_nonnegative" CHECK ("quotes"."freight_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "freight_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_quote_position_unique" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_unique" ON "quotes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "quotes_created_at_idx" ON "quotes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quotes_user_subject_idx" ON "quotes" USING btree ("user_subject");--> statement-breakpoint
CREATE INDEX "quotes_customer_number_idx" ON "quotes" USING btree ("customer_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_live_unique" ON "orders" USING btree ("quote_id") WHERE "orders"."quote_id" is not null and "orders"."status" in ('pending', 'paid', 'needs_attention');