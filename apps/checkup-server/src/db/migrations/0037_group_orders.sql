CREATE TABLE "group_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(20) NOT NULL,
	"order_name" varchar(128) NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer,
	"branch_id" integer,
	"exam_type" varchar(16) DEFAULT 'health' NOT NULL,
	"plan_from" date NOT NULL,
	"plan_to" date NOT NULL,
	"plan_male" integer DEFAULT 0 NOT NULL,
	"plan_female" integer DEFAULT 0 NOT NULL,
	"budget" numeric(12, 2),
	"avg_price" numeric(10, 2),
	"discount_rate" numeric(5, 4),
	"exam_mode" varchar(8) DEFAULT 'inside' NOT NULL,
	"report_delivery" varchar(16) DEFAULT 'company' NOT NULL,
	"desk_note" varchar(500),
	"sales_user_id" integer,
	"approval_state" varchar(16) DEFAULT 'draft' NOT NULL,
	"approval_note" varchar(500),
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"change_state" varchar(16) DEFAULT 'none' NOT NULL,
	"change_note" varchar(500),
	"closed" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"remark" varchar(200),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "group_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "group_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_order_id" integer NOT NULL,
	"group_id" integer,
	"cust_name" varchar(64) NOT NULL,
	"sex" varchar(1) NOT NULL,
	"birthday" date NOT NULL,
	"cust_id_card_enc" text,
	"cust_id_card_hash" varchar(64),
	"phone_enc" text,
	"marital" varchar(1) DEFAULT '0' NOT NULL,
	"dept_name" varchar(64),
	"employee_no" varchar(32),
	"job_name" varchar(64),
	"harm_factors" jsonb,
	"work_years" jsonb,
	"remark" varchar(200),
	"price_limit" numeric(10, 2),
	"order_id" varchar(20),
	"paused" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "group_order_id" integer;--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "group_code" varchar(16);--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "marital_limit" varchar(1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "age_from" integer;--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "age_to" integer;--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "exam_type" varchar(16);--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "hide_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_groups" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_persons" ADD CONSTRAINT "group_persons_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_persons" ADD CONSTRAINT "group_persons_group_id_company_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."company_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_orders_company_idx" ON "group_orders" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "group_orders_state_idx" ON "group_orders" USING btree ("approval_state");--> statement-breakpoint
CREATE INDEX "group_persons_order_idx" ON "group_persons" USING btree ("group_order_id");--> statement-breakpoint
CREATE INDEX "group_persons_group_idx" ON "group_persons" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "group_persons_visit_idx" ON "group_persons" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_persons_id_card_uq" ON "group_persons" USING btree ("group_order_id","cust_id_card_hash") WHERE "group_persons"."cust_id_card_hash" is not null;--> statement-breakpoint
ALTER TABLE "company_groups" ADD CONSTRAINT "company_groups_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_groups_order_idx" ON "company_groups" USING btree ("group_order_id");--> statement-breakpoint
ALTER TABLE "company_groups" ADD CONSTRAINT "company_groups_ages" CHECK ("company_groups"."age_from" is null or "company_groups"."age_to" is null or "company_groups"."age_from" <= "company_groups"."age_to");