-- The geocoder cache (contact data on the map) and the shared per-client rate-limit counters (contact form).
CREATE TABLE "geocode_cache" (
	"address" text PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"display_name" text,
	"provider" text NOT NULL,
	"looked_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_resets_at_idx" ON "rate_limit_counters" USING btree ("resets_at");