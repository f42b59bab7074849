CREATE TABLE "bi_dept_days" (
	"exam_date" date NOT NULL,
	"branch_id" integer,
	"dept_id" integer NOT NULL,
	"is_group" boolean NOT NULL,
	"visits" integer NOT NULL,
	"lines" integer NOT NULL,
	"list_price" numeric(14, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"self_price" numeric(14, 2) NOT NULL,
	"company_price" numeric(14, 2) NOT NULL,
	"extra_price" numeric(14, 2) NOT NULL,
	"done" integer NOT NULL,
	"makeup" integer NOT NULL,
	"deferred" integer NOT NULL,
	"waived" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_dept_work_days" (
	"exam_date" date NOT NULL,
	"branch_id" integer,
	"dept_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"entered_visits" integer NOT NULL,
	"entered_items" integer NOT NULL,
	"signed_visits" integer NOT NULL,
	"imaging_visits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_doctor_days" (
	"exam_date" date NOT NULL,
	"branch_id" integer,
	"doctor_id" integer NOT NULL,
	"role" varchar(8) NOT NULL,
	"is_group" boolean NOT NULL,
	"visits" integer NOT NULL,
	"lines" integer NOT NULL,
	"list_price" numeric(14, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"self_price" numeric(14, 2) NOT NULL,
	"company_price" numeric(14, 2) NOT NULL,
	"extra_price" numeric(14, 2) NOT NULL,
	"done" integer NOT NULL,
	"makeup" integer NOT NULL,
	"deferred" integer NOT NULL,
	"waived" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_union_days" (
	"exam_date" date NOT NULL,
	"branch_id" integer,
	"dept_id" integer NOT NULL,
	"union_id" integer NOT NULL,
	"is_group" boolean NOT NULL,
	"visits" integer NOT NULL,
	"lines" integer NOT NULL,
	"list_price" numeric(14, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"self_price" numeric(14, 2) NOT NULL,
	"company_price" numeric(14, 2) NOT NULL,
	"extra_price" numeric(14, 2) NOT NULL,
	"done" integer NOT NULL,
	"makeup" integer NOT NULL,
	"deferred" integer NOT NULL,
	"waived" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bi_refresh_state" ADD COLUMN "visits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bi_refresh_state" ADD COLUMN "lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bi_visit_facts" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "bi_dept_days_idx" ON "bi_dept_days" USING btree ("exam_date","dept_id");--> statement-breakpoint
CREATE INDEX "bi_dept_work_days_idx" ON "bi_dept_work_days" USING btree ("exam_date","dept_id");--> statement-breakpoint
CREATE INDEX "bi_doctor_days_idx" ON "bi_doctor_days" USING btree ("exam_date","doctor_id");--> statement-breakpoint
CREATE INDEX "bi_union_days_idx" ON "bi_union_days" USING btree ("exam_date","union_id");--> statement-breakpoint
UPDATE "bi_visit_facts" v SET "paid" = NOT EXISTS (SELECT 1 FROM "bi_line_facts" l WHERE l."order_id" = v."order_id" AND l."pay_mode" = 'self' AND NOT l."returned" AND NOT l."fee_charged");--> statement-breakpoint
UPDATE "bi_refresh_state" SET "visits" = (SELECT count(*) FROM "bi_visit_facts"), "lines" = (SELECT count(*) FROM "bi_line_facts");
