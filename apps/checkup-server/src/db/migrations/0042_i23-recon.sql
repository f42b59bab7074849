CREATE TABLE "bank_receipt_splits" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"settle_mode" varchar(8) NOT NULL,
	"company_id" integer NOT NULL,
	"group_order_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"sales_manager" varchar(32),
	"note" text
);
--> statement-breakpoint
CREATE TABLE "bank_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_no" varchar(64) NOT NULL,
	"payer" varchar(128) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"remitted_at" timestamp with time zone NOT NULL,
	"account" varchar(64),
	"summary" varchar(200),
	"settled_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"settle_state" varchar(8) DEFAULT '未结算' NOT NULL,
	"settled_at" timestamp with time zone,
	"audit_state" varchar(8) DEFAULT '未审核' NOT NULL,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "bank_receipts_serial_no_unique" UNIQUE("serial_no")
);
--> statement-breakpoint
CREATE TABLE "recon_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" varchar(20) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"mapping" jsonb NOT NULL,
	"matched_count" integer NOT NULL,
	"over_count" integer NOT NULL,
	"short_count" integer NOT NULL,
	"mismatch_count" integer NOT NULL,
	"channel_total" numeric(14, 2) NOT NULL,
	"peis_total" numeric(14, 2) NOT NULL,
	"state" varchar(8) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "recon_batches_batch_no_unique" UNIQUE("batch_no")
);
--> statement-breakpoint
CREATE TABLE "recon_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"trade_no" varchar(64),
	"channel_amount" numeric(12, 2),
	"channel_time" timestamp with time zone,
	"raw_rows" jsonb,
	"payment_id" integer,
	"peis_amount" numeric(12, 2),
	"result" varchar(8) NOT NULL,
	"resolution" varchar(8),
	"resolution_payment_id" integer,
	"note" varchar(200),
	"resolved_by" integer,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_receipt_splits" ADD CONSTRAINT "bank_receipt_splits_receipt_id_bank_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."bank_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_receipt_splits" ADD CONSTRAINT "bank_receipt_splits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_receipt_splits" ADD CONSTRAINT "bank_receipt_splits_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_rows" ADD CONSTRAINT "recon_rows_batch_id_recon_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."recon_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_rows" ADD CONSTRAINT "recon_rows_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_rows" ADD CONSTRAINT "recon_rows_resolution_payment_id_payments_id_fk" FOREIGN KEY ("resolution_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_receipt_splits_receipt_idx" ON "bank_receipt_splits" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "bank_receipts_remitted_idx" ON "bank_receipts" USING btree ("remitted_at");--> statement-breakpoint
CREATE INDEX "recon_batches_channel_idx" ON "recon_batches" USING btree ("channel","date_from");--> statement-breakpoint
CREATE INDEX "recon_rows_batch_idx" ON "recon_rows" USING btree ("batch_id","result");