ALTER TABLE "critical_values" ALTER COLUMN "direction" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "critical_level" varchar(1) DEFAULT '3' NOT NULL;--> statement-breakpoint
ALTER TABLE "critical_values" ADD COLUMN "level" varchar(1) DEFAULT '3' NOT NULL;--> statement-breakpoint
ALTER TABLE "critical_values" ADD COLUMN "source" varchar(8) DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "critical_values" ADD COLUMN "description" text;--> statement-breakpoint
-- Hand-written (issue 20), keep at the end when regenerating: a critical value already told to someone
-- before the three stages existed is 已通知 ('1'), not 已提报 ('0').
UPDATE "critical_values" SET "status" = '1' WHERE "status" = '0' AND "notified_at" IS NOT NULL;
