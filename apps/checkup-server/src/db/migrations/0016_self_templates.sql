ALTER TABLE "self_templates" ADD COLUMN "suit_type" varchar(8) DEFAULT 'health' NOT NULL;--> statement-breakpoint
ALTER TABLE "self_templates" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "self_templates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "self_templates" ADD COLUMN "updated_by" integer;--> statement-breakpoint
-- Before 设为默认, enable_temp meant "enabled": keep the newest of each type as its default.
UPDATE "self_templates" t SET "enable_temp" = '0' WHERE t."enable_temp" = '1' AND EXISTS (SELECT 1 FROM "self_templates" o WHERE o."temp_type" = t."temp_type" AND o."suit_type" = t."suit_type" AND o."enable_temp" = '1' AND o."id" > t."id");--> statement-breakpoint
CREATE UNIQUE INDEX "self_templates_default_uq" ON "self_templates" USING btree ("temp_type","suit_type") WHERE "self_templates"."enable_temp" = '1';