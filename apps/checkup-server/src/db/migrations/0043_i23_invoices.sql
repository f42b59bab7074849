CREATE TABLE "invoice_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"group_order_id" integer NOT NULL,
	"branch_id" integer,
	"invoice_type" varchar(16) NOT NULL,
	"title" varchar(100) NOT NULL,
	"tax_no" varchar(32),
	"amount" numeric(12, 2) NOT NULL,
	"remark" varchar(200),
	"state" smallint DEFAULT 0 NOT NULL,
	"applied_by" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"audit_note" varchar(200),
	"unaudit_note" varchar(200),
	"unaudited_by" integer,
	"unaudited_at" timestamp with time zone,
	"invoice_id" integer,
	"invoice_no" varchar(32),
	"issued_by" integer,
	"issued_at" timestamp with time zone,
	"exchange_reason" varchar(200),
	"exchange_applied_by" integer,
	"exchange_applied_at" timestamp with time zone,
	"exchange_audited_by" integer,
	"exchange_audited_at" timestamp with time zone,
	"exchanged_by" integer,
	"exchanged_at" timestamp with time zone,
	"original_invoice_no" varchar(32),
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "invoice_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"prefix" varchar(12) DEFAULT '' NOT NULL,
	"start_no" varchar(18) NOT NULL,
	"end_no" varchar(18) NOT NULL,
	"next_seq" numeric(20, 0) NOT NULL,
	"cashier_id" integer,
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_applications_order_idx" ON "invoice_applications" USING btree ("group_order_id");--> statement-breakpoint
CREATE INDEX "invoice_applications_state_idx" ON "invoice_applications" USING btree ("state");--> statement-breakpoint
CREATE INDEX "invoice_ranges_kind_idx" ON "invoice_ranges" USING btree ("kind","prefix");