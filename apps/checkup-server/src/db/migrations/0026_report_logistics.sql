CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"worker" varchar(64) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" varchar(12),
	"error" text
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"backoff_seconds" integer DEFAULT 60 NOT NULL,
	"last_error" text,
	"locked_by" varchar(64),
	"locked_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_cabinets" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_no" varchar(16) NOT NULL,
	"cabinet_name" varchar(64) NOT NULL,
	"location" varchar(100),
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "report_cabinets_cabinet_no_unique" UNIQUE("cabinet_no")
);
--> statement-breakpoint
CREATE TABLE "report_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"state" varchar(8) NOT NULL,
	"cabinet_no" varchar(16) NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"receiver" varchar(64) NOT NULL,
	"handed_at" timestamp with time zone NOT NULL,
	"handed_by" integer NOT NULL,
	"handed_by_name" varchar(64) NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" varchar(200),
	"pickup_method" varchar(8),
	"pickup_receiver" varchar(64),
	"pickup_phone_enc" text,
	"courier_company" varchar(64),
	"tracking_no" varchar(64),
	"signature_file_id" bigint,
	"pickup_remark" varchar(200),
	"picked_at" timestamp with time zone,
	"picked_by" integer,
	"picked_by_name" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "report_marks" (
	"order_id" varchar(20) PRIMARY KEY NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"cabinet_no" varchar(16),
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"handover_id" integer NOT NULL,
	"channel" varchar(8) NOT NULL,
	"state" varchar(16) NOT NULL,
	"phone_enc" text,
	"template_id" integer,
	"content" text,
	"scheduled_at" timestamp with time zone,
	"job_id" bigint,
	"remark" varchar(200),
	"detail" text,
	"operator_id" integer NOT NULL,
	"operator_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_handovers" ADD CONSTRAINT "report_handovers_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_marks" ADD CONSTRAINT "report_marks_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_notices" ADD CONSTRAINT "report_notices_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_notices" ADD CONSTRAINT "report_notices_handover_id_report_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."report_handovers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_notices" ADD CONSTRAINT "report_notices_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job_id","started_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_handovers_live_order_idx" ON "report_handovers" USING btree ("order_id") WHERE "report_handovers"."state" <> 'revoked';--> statement-breakpoint
CREATE INDEX "report_handovers_handed_idx" ON "report_handovers" USING btree ("state","handed_at");--> statement-breakpoint
CREATE INDEX "report_notices_order_idx" ON "report_notices" USING btree ("order_id","created_at");