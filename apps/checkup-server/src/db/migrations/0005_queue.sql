CREATE TABLE "critical_value_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"critical_value_id" integer NOT NULL,
	"notified_person" varchar(64) NOT NULL,
	"relation" varchar(8) NOT NULL,
	"method" varchar(8) NOT NULL,
	"notified_by" integer NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue_date" date NOT NULL,
	"dept_id" integer NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"queue_no" integer NOT NULL,
	"status" varchar(8) DEFAULT 'waiting' NOT NULL,
	"priority_at" timestamp with time zone,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"called_at" timestamp with time zone,
	"called_by" integer,
	"call_count" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "queue_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"queue_date" date NOT NULL,
	"dept_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"queue_no" integer NOT NULL,
	"event_type" varchar(16) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "critical_value_notices" ADD CONSTRAINT "critical_value_notices_critical_value_id_critical_values_id_fk" FOREIGN KEY ("critical_value_id") REFERENCES "public"."critical_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_events" ADD CONSTRAINT "queue_events_entry_id_queue_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."queue_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "critical_value_notices_cv_idx" ON "critical_value_notices" USING btree ("critical_value_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_order_idx" ON "queue_entries" USING btree ("queue_date","dept_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_no_idx" ON "queue_entries" USING btree ("queue_date","dept_id","queue_no");--> statement-breakpoint
CREATE INDEX "queue_entries_status_idx" ON "queue_entries" USING btree ("queue_date","dept_id","status");--> statement-breakpoint
CREATE INDEX "queue_events_date_idx" ON "queue_events" USING btree ("queue_date","seq");