ALTER TABLE "companies" ADD COLUMN "credit_code" varchar(18);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "industry_type" varchar(8);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "economy_type" varchar(8);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sales_user_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "remark" varchar(200);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "remark" varchar(200);--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_code_unique" UNIQUE("credit_code");