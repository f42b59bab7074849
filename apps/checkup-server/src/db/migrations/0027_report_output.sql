CREATE TABLE "report_batch_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"seq" integer NOT NULL,
	"state" varchar(8) DEFAULT 'waiting' NOT NULL,
	"message" text,
	"bytes" integer
);
--> statement-breakpoint
CREATE TABLE "report_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" varchar(12) NOT NULL,
	"total" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"code_hash" text NOT NULL,
	"valid_days" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" integer,
	"revoked_at" timestamp with time zone,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone,
	"last_opened_ip" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "report_batch_items" ADD CONSTRAINT "report_batch_items_batch_id_report_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."report_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_batch_items_idx" ON "report_batch_items" USING btree ("batch_id","seq");--> statement-breakpoint
CREATE INDEX "report_batches_creator_idx" ON "report_batches" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_shares_token_idx" ON "report_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "report_shares_order_idx" ON "report_shares" USING btree ("order_id","created_at");