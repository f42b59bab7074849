CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"order_id" varchar(20),
	"recipient_name" varchar(64),
	"phone_enc" text NOT NULL,
	"template_id" integer,
	"template_name" varchar(64) NOT NULL,
	"content" text NOT NULL,
	"state" varchar(16) NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"job_id" bigint,
	"detail" text,
	"operator_id" integer NOT NULL,
	"operator_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_order_idx" ON "sms_messages" USING btree ("order_id");