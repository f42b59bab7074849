CREATE TABLE "group_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"group_order_id" integer NOT NULL,
	"sample_name" varchar(64) NOT NULL,
	"branch_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"sex" varchar(1),
	"include_absent" boolean DEFAULT false NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"reject_reason" varchar(500),
	"snapshot" jsonb,
	"generated_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_reports" ADD CONSTRAINT "group_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reports" ADD CONSTRAINT "group_reports_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_reports_order_idx" ON "group_reports" USING btree ("group_order_id");--> statement-breakpoint
CREATE INDEX "group_reports_company_idx" ON "group_reports" USING btree ("company_id");