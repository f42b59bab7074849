CREATE TABLE "review_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"union_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interval_months" integer,
	"due_date" date NOT NULL,
	"due_end" date,
	"notes" text,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"review_order_id" varchar(20),
	"registered_by" integer,
	"registered_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "review_plans" ADD CONSTRAINT "review_plans_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_plans" ADD CONSTRAINT "review_plans_review_order_id_orders_order_id_fk" FOREIGN KEY ("review_order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_plans_open_idx" ON "review_plans" USING btree ("order_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "review_plans_review_order_idx" ON "review_plans" USING btree ("review_order_id");--> statement-breakpoint
CREATE INDEX "review_plans_due_idx" ON "review_plans" USING btree ("due_date","status");