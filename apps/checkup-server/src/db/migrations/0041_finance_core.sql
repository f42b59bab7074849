CREATE TABLE "cashier_day_ends" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_end_no" varchar(20) NOT NULL,
	"cashier_id" integer NOT NULL,
	"branch_id" integer,
	"line_count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"received_total" numeric(14, 2) NOT NULL,
	"by_method" jsonb NOT NULL,
	"by_purpose" jsonb NOT NULL,
	"invoice_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"finance_day_end_id" integer,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_day_ends_day_end_no_unique" UNIQUE("day_end_no")
);
--> statement-breakpoint
CREATE TABLE "charge_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" varchar(20),
	"payment_id" integer,
	"action" varchar(16) NOT NULL,
	"old_due" numeric(12, 2),
	"new_due" numeric(12, 2),
	"old_paid" numeric(12, 2),
	"new_paid" numeric(12, 2),
	"detail" text,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_day_ends" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_end_no" varchar(20) NOT NULL,
	"closed_by" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"cashier_count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"received_total" numeric(14, 2) NOT NULL,
	"by_method" jsonb NOT NULL,
	"invoice_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"month_statement_id" integer,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_day_ends_day_end_no_unique" UNIQUE("day_end_no")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_no" varchar(32) NOT NULL,
	"kind" varchar(8) DEFAULT 'invoice' NOT NULL,
	"scope" varchar(8) NOT NULL,
	"order_id" varchar(20),
	"card_id" integer,
	"group_order_id" integer,
	"settlement_id" integer,
	"application_id" integer,
	"title" varchar(100) NOT NULL,
	"tax_no" varchar(32),
	"amount" numeric(12, 2) NOT NULL,
	"state" varchar(8) DEFAULT 'issued' NOT NULL,
	"issued_by" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"print_count" integer DEFAULT 1 NOT NULL,
	"voided_by" integer,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"day_end_id" integer,
	"void_day_end_id" integer,
	CONSTRAINT "invoices_invoice_no_unique" UNIQUE("invoice_no")
);
--> statement-breakpoint
CREATE TABLE "month_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_no" varchar(20) NOT NULL,
	"month" varchar(7) NOT NULL,
	"closed_by" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"received_total" numeric(14, 2) NOT NULL,
	"by_method" jsonb NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_statements_statement_no_unique" UNIQUE("statement_no"),
	CONSTRAINT "month_statements_month_unique" UNIQUE("month")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_owner_ck";--> statement-breakpoint
ALTER TABLE "order_unions" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_unions" ADD COLUMN "returned_by" integer;--> statement-breakpoint
ALTER TABLE "order_unions" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" varchar(8) DEFAULT 'charge' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_of" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "company_account_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "day_end_id" integer;--> statement-breakpoint
ALTER TABLE "cashier_day_ends" ADD CONSTRAINT "cashier_day_ends_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_day_ends" ADD CONSTRAINT "cashier_day_ends_finance_day_end_id_finance_day_ends_id_fk" FOREIGN KEY ("finance_day_end_id") REFERENCES "public"."finance_day_ends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_day_ends" ADD CONSTRAINT "finance_day_ends_month_statement_id_month_statements_id_fk" FOREIGN KEY ("month_statement_id") REFERENCES "public"."month_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_day_end_id_cashier_day_ends_id_fk" FOREIGN KEY ("day_end_id") REFERENCES "public"."cashier_day_ends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_void_day_end_id_cashier_day_ends_id_fk" FOREIGN KEY ("void_day_end_id") REFERENCES "public"."cashier_day_ends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashier_day_ends_cashier_idx" ON "cashier_day_ends" USING btree ("cashier_id","closed_at");--> statement-breakpoint
CREATE INDEX "cashier_day_ends_open_idx" ON "cashier_day_ends" USING btree ("finance_day_end_id");--> statement-breakpoint
CREATE INDEX "charge_history_order_idx" ON "charge_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_issuer_open_idx" ON "invoices" USING btree ("issued_by","day_end_id");--> statement-breakpoint
CREATE INDEX "invoices_voider_open_idx" ON "invoices" USING btree ("voided_by","void_day_end_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_payments_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_day_end_id_cashier_day_ends_id_fk" FOREIGN KEY ("day_end_id") REFERENCES "public"."cashier_day_ends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("operator_id","day_end_id");--> statement-breakpoint
CREATE INDEX "payments_settlement_idx" ON "payments" USING btree ("settlement_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_ck" CHECK ("payments"."kind" = 'charge' or ("payments"."refund_of" is not null and "payments"."amount" < 0));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_ck" CHECK (("payments"."purpose" = 'visit' and "payments"."order_id" is not null) or ("payments"."purpose" in ('card_sale', 'card_recharge', 'card_refund') and "payments"."card_id" is not null) or ("payments"."purpose" = 'settlement' and "payments"."settlement_id" is not null) or ("payments"."purpose" = 'advance' and "payments"."company_account_id" is not null));--> statement-breakpoint
-- A money line is never changed or removed: a refund or reversal is a new line. The one change allowed
-- is a cashier day-end taking an open line (day_end_id from null to its id), once.
CREATE FUNCTION payments_append_only() RETURNS trigger AS $$
DECLARE
  probe payments;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION '收费记录不可删除（payments %）', OLD.id USING ERRCODE = 'P0001';
  END IF;
  -- Compared as a record with day_end_id blanked (not as jsonb: a day-end sets thousands of lines in
  -- one statement, bench:day-end).
  probe := NEW;
  probe.day_end_id := NULL;
  IF OLD.day_end_id IS NOT NULL OR NEW.day_end_id IS NULL OR probe IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION '收费记录不可修改（payments %），退费请另记一笔', OLD.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION payments_append_only();
--> statement-breakpoint
CREATE FUNCTION charge_history_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '收费历史只增不改' USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER charge_history_append_only BEFORE UPDATE OR DELETE ON "charge_history" FOR EACH ROW EXECUTE FUNCTION charge_history_append_only();
