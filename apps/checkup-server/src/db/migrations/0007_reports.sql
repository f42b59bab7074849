CREATE TABLE "report_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"method" varchar(8) NOT NULL,
	"recipient" varchar(128) NOT NULL,
	"destination" text,
	"status" varchar(8) NOT NULL,
	"detail" text,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_prints" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"source" varchar(8) NOT NULL,
	"operator_id" integer,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"result" varchar(8) NOT NULL,
	"reason" text,
	"reviewer_id" integer NOT NULL,
	"reviewer_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"step" varchar(8) NOT NULL,
	"reviewer_id" integer NOT NULL,
	"assigned_by" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_prints" ADD CONSTRAINT "report_prints_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reviews" ADD CONSTRAINT "report_reviews_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_deliveries_order_idx" ON "report_deliveries" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "report_prints_order_idx" ON "report_prints" USING btree ("order_id","printed_at");--> statement-breakpoint
CREATE INDEX "report_reviews_order_idx" ON "report_reviews" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_assignments_order_step_idx" ON "review_assignments" USING btree ("order_id","step");--> statement-breakpoint
CREATE INDEX "review_assignments_reviewer_idx" ON "review_assignments" USING btree ("reviewer_id","step");