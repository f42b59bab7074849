ALTER TABLE "orders" ADD COLUMN "ban_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "banned_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "banned_at" timestamp with time zone;