ALTER TABLE "users" ADD COLUMN "all_depts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_leader" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discount_floor" numeric(5, 2) DEFAULT '100.00' NOT NULL;--> statement-breakpoint
-- Accounts that opened every menu saw every department before departments belonged to accounts.
UPDATE "users" SET "all_depts" = true WHERE "role_id" IN (SELECT "id" FROM "roles" WHERE "role_menu" @> '["*"]'::jsonb);
