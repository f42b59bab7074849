-- Issue 17 §2: ID numbers and phones are sealed (AES-256-GCM) with a keyed hash for exact look-up.
-- SQL cannot encrypt (the key never reaches the database), so this migration only adds the columns;
-- the server seals the existing plain values at its next start, in batches, and clears them
-- (src/modules/people/personal-data-rewrite.ts). The plain columns stay until every installation
-- has started once; the NOT VALID checks refuse any new plain value at once while leaving the old
-- rows for that conversion.
CREATE TABLE "personal_data_key" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"key_id" varchar(16) NOT NULL,
	"next_key_id" varchar(16),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_data_key_one_row" CHECK ("personal_data_key"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "customers_id_card_idx";--> statement-breakpoint
DROP INDEX "customers_phone_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_phone_enc" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cust_id_card_enc" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cust_id_card_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_enc" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD COLUMN "destination_enc" text;--> statement-breakpoint
CREATE INDEX "customers_id_card_hash_idx" ON "customers" USING btree ("cust_id_card_hash");--> statement-breakpoint
CREATE INDEX "customers_phone_hash_idx" ON "customers" USING btree ("phone_hash");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_no_plain_phone" CHECK ("companies"."contact_phone" is null) NOT VALID;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_no_plain_identity" CHECK ("customers"."cust_id_card" is null and "customers"."phone" is null) NOT VALID;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_no_plain_destination" CHECK ("report_deliveries"."destination" is null) NOT VALID;
