CREATE TABLE "bi_pay_days" (
	"day" date NOT NULL,
	"branch_id" integer,
	"operator_id" integer,
	"pay_method" varchar(16) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"lines" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bi_refresh_state" ADD COLUMN "pay_through" date;--> statement-breakpoint
ALTER TABLE "bi_refresh_state" ADD COLUMN "pay_max_id" integer;--> statement-breakpoint
CREATE INDEX "bi_pay_days_idx" ON "bi_pay_days" USING btree ("day");