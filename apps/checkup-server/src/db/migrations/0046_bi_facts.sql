CREATE TABLE "bi_diag_facts" (
	"order_id" varchar(20) NOT NULL,
	"diag_row_id" integer NOT NULL,
	"diag_id" integer,
	"diag_name" varchar(128) NOT NULL,
	"dept_id" integer,
	"exam_date" date NOT NULL,
	"branch_id" integer,
	CONSTRAINT "bi_diag_facts_order_id_diag_row_id_pk" PRIMARY KEY("order_id","diag_row_id")
);
--> statement-breakpoint
CREATE TABLE "bi_line_facts" (
	"order_id" varchar(20) NOT NULL,
	"union_id" integer NOT NULL,
	"exam_date" date NOT NULL,
	"branch_id" integer,
	"is_group" boolean NOT NULL,
	"dept_id" integer NOT NULL,
	"status" varchar(1) NOT NULL,
	"origin" varchar(8) NOT NULL,
	"pay_mode" varchar(8) NOT NULL,
	"list_price" numeric(10, 2) NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"fee_charged" boolean NOT NULL,
	"returned" boolean NOT NULL,
	"doctor_id" integer,
	CONSTRAINT "bi_line_facts_order_id_union_id_pk" PRIMARY KEY("order_id","union_id")
);
--> statement-breakpoint
CREATE TABLE "bi_refresh_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"as_of" timestamp with time zone,
	"last_ms" integer
);
--> statement-breakpoint
CREATE TABLE "bi_visit_facts" (
	"order_id" varchar(20) PRIMARY KEY NOT NULL,
	"exam_date" date NOT NULL,
	"audit_date" date,
	"branch_id" integer,
	"exam_type" varchar(16) NOT NULL,
	"is_group" boolean NOT NULL,
	"company_id" integer,
	"group_order_id" integer,
	"group_id" integer,
	"package_id" integer,
	"sex" varchar(1) NOT NULL,
	"age" smallint NOT NULL,
	"status" varchar(16) NOT NULL,
	"registered_by" integer,
	"chief_id" integer,
	"final_reviewer_id" integer,
	"line_count" smallint NOT NULL,
	"done_count" smallint NOT NULL,
	"list_total" numeric(12, 2) NOT NULL,
	"price_total" numeric(12, 2) NOT NULL,
	"self_total" numeric(12, 2) NOT NULL,
	"company_total" numeric(12, 2) NOT NULL,
	"extra_list_total" numeric(12, 2) NOT NULL,
	"extra_price_total" numeric(12, 2) NOT NULL,
	"diagnosis_count" smallint NOT NULL,
	"printed" boolean NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bi_diag_facts_date_idx" ON "bi_diag_facts" USING btree ("exam_date","diag_name");--> statement-breakpoint
CREATE INDEX "bi_line_facts_dept_idx" ON "bi_line_facts" USING btree ("exam_date","dept_id");--> statement-breakpoint
CREATE INDEX "bi_line_facts_union_idx" ON "bi_line_facts" USING btree ("exam_date","union_id");--> statement-breakpoint
CREATE INDEX "bi_visit_facts_date_idx" ON "bi_visit_facts" USING btree ("exam_date","branch_id");--> statement-breakpoint
CREATE INDEX "bi_visit_facts_audit_idx" ON "bi_visit_facts" USING btree ("audit_date");--> statement-breakpoint
CREATE INDEX "bi_visit_facts_company_idx" ON "bi_visit_facts" USING btree ("company_id","exam_date");--> statement-breakpoint
CREATE INDEX "bi_visit_facts_order_idx" ON "bi_visit_facts" USING btree ("group_order_id");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at");