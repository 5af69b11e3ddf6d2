CREATE TABLE "customer_payment_terms" (
	"customer_number" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"due_days" integer,
	"credit_limit_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_terms_code" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_terms_days" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erp_payment_terms_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_on" date;