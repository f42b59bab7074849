CREATE TABLE "bi_dept_days" (
	"exam_date" date NOT NULL,
	"branch_id" integer,
	"dept_id" integer NOT NULL,
	"is_group" boolean NOT NULL,
	"visits" integer NOT NULL,
	"lines" integer NOT NULL,
	"list_price" numeric(14, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"done" integer NOT NULL,
	"makeup" integer NOT NULL,
	"deferred" integer NOT NULL,
	"waived" integer NOT NULL
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
	"done" integer NOT NULL,
	"makeup" integer NOT NULL,
	"deferred" integer NOT NULL,
	"waived" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bi_dept_days_idx" ON "bi_dept_days" USING btree ("exam_date","dept_id");--> statement-breakpoint
CREATE INDEX "bi_doctor_days_idx" ON "bi_doctor_days" USING btree ("exam_date","doctor_id");--> statement-breakpoint
CREATE INDEX "bi_union_days_idx" ON "bi_union_days" USING btree ("exam_date","union_id");