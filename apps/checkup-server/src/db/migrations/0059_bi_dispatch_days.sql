CREATE TABLE "bi_dispatch_days" (
	"exam_date" date NOT NULL,
	"branch_id" integer,
	"dept_id" integer NOT NULL,
	"adder_id" integer,
	"visits" integer NOT NULL,
	"lines" integer NOT NULL,
	"list_total" numeric(14, 2) NOT NULL,
	"price_total" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bi_dispatch_days_idx" ON "bi_dispatch_days" USING btree ("exam_date","dept_id");