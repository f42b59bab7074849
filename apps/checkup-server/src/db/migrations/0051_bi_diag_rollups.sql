CREATE TABLE "bi_diag_days" (
	"exam_date" date NOT NULL,
	"branch_id" integer,
	"sex" varchar(1) NOT NULL,
	"age_band" varchar(8) NOT NULL,
	"company_id" integer NOT NULL,
	"diag_name" varchar(128) NOT NULL,
	"dept_id" integer NOT NULL,
	"found" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_visit_days" (
	"exam_date" date NOT NULL,
	"branch_id" integer,
	"sex" varchar(1) NOT NULL,
	"age_band" varchar(8) NOT NULL,
	"company_id" integer NOT NULL,
	"visits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bi_refresh_state" ADD COLUMN "rollup_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bi_diag_days_idx" ON "bi_diag_days" USING btree ("exam_date");--> statement-breakpoint
CREATE INDEX "bi_visit_days_idx" ON "bi_visit_days" USING btree ("exam_date");