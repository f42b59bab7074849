ALTER TABLE "departments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD COLUMN "pinyin" varchar(32);--> statement-breakpoint
ALTER TABLE "diagnoses" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "external_code" varchar(32);--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "age_min" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "age_max" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "unions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "unions" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unions" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "work_groups" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_groups" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "work_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_groups" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_groups" ADD COLUMN "updated_by" integer;