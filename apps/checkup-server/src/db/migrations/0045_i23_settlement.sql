CREATE TABLE "company_account_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"balance_after" numeric(12, 2) NOT NULL,
	"payment_id" integer,
	"settlement_id" integer,
	"note" text,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"state" varchar(8) DEFAULT '正常' NOT NULL,
	"balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"state_note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "company_accounts_company_id_unique" UNIQUE("company_id"),
	CONSTRAINT "company_accounts_balance_ck" CHECK ("company_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"fee_name" varchar(64) NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"union_id" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"acc_charge" numeric(10, 2) NOT NULL,
	"personal_pay" numeric(10, 2) DEFAULT '0' NOT NULL,
	"dec_charges" numeric(10, 2) DEFAULT '0' NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	CONSTRAINT "settlement_lines_dec_ck" CHECK ("settlement_lines"."dec_charges" >= 0 and "settlement_lines"."dec_charges" <= "settlement_lines"."acc_charge")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_no" varchar(20) NOT NULL,
	"group_order_id" integer NOT NULL,
	"state" varchar(8) DEFAULT '草稿' NOT NULL,
	"pre_settle" boolean DEFAULT false NOT NULL,
	"waive_mode" varchar(16) NOT NULL,
	"person_count" integer DEFAULT 0 NOT NULL,
	"receivable" numeric(12, 2) DEFAULT '0' NOT NULL,
	"settle_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"deduction" numeric(12, 2) DEFAULT '0' NOT NULL,
	"fee_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"net_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"checkout_amount" numeric(12, 2),
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"checked_out_by" integer,
	"checked_out_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "settlements_settlement_no_unique" UNIQUE("settlement_no")
);
--> statement-breakpoint
ALTER TABLE "company_account_ledger" ADD CONSTRAINT "company_account_ledger_account_id_company_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."company_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_account_ledger" ADD CONSTRAINT "company_account_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_account_ledger" ADD CONSTRAINT "company_account_ledger_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_accounts" ADD CONSTRAINT "company_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_fees" ADD CONSTRAINT "settlement_fees_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_account_ledger_account_idx" ON "company_account_ledger" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_settlement_idx" ON "settlement_lines" USING btree ("settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_live_uq" ON "settlement_lines" USING btree ("order_id","union_id") WHERE "settlement_lines"."live";--> statement-breakpoint
CREATE INDEX "settlements_order_idx" ON "settlements" USING btree ("group_order_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_account_id_company_accounts_id_fk" FOREIGN KEY ("company_account_id") REFERENCES "public"."company_accounts"("id") ON DELETE no action ON UPDATE no action;