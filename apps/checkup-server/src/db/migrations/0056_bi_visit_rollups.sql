CREATE TABLE "bi_group_order_days" (
	"exam_date" date NOT NULL,
	"group_order_id" integer NOT NULL,
	"visits" integer NOT NULL,
	"list_total" numeric(14, 2) NOT NULL,
	"price_total" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_register_days" (
	"exam_date" date NOT NULL,
	"branch_id" integer,
	"exam_type" varchar(16) NOT NULL,
	"is_group" boolean NOT NULL,
	"status" varchar(16) NOT NULL,
	"paid" boolean NOT NULL,
	"band" varchar(1) NOT NULL,
	"visits" integer NOT NULL,
	"list_total" numeric(14, 2) NOT NULL,
	"price_total" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_review_days" (
	"day" date NOT NULL,
	"branch_id" integer,
	"is_group" boolean NOT NULL,
	"reviewer_id" integer NOT NULL,
	"reviewer_name" varchar(64) NOT NULL,
	"step" varchar(8) NOT NULL,
	"result" varchar(8) NOT NULL,
	"acts" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bi_group_order_days_idx" ON "bi_group_order_days" USING btree ("group_order_id");--> statement-breakpoint
CREATE INDEX "bi_group_order_days_date_idx" ON "bi_group_order_days" USING btree ("exam_date");--> statement-breakpoint
CREATE INDEX "bi_register_days_idx" ON "bi_register_days" USING btree ("exam_date");--> statement-breakpoint
CREATE INDEX "bi_review_days_idx" ON "bi_review_days" USING btree ("day");