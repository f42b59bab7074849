ALTER TABLE "self_templates" ADD COLUMN "suit_type" varchar(8) DEFAULT 'health' NOT NULL;--> statement-breakpoint
ALTER TABLE "self_templates" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "self_templates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "self_templates" ADD COLUMN "updated_by" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "self_templates_default_uq" ON "self_templates" USING btree ("temp_type","suit_type") WHERE "self_templates"."enable_temp" = '1';