CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"dept_code" varchar(32) NOT NULL,
	"dept_name" varchar(64) NOT NULL,
	"dept_type" varchar(16) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "departments_dept_code_unique" UNIQUE("dept_code")
);
--> statement-breakpoint
CREATE TABLE "diagnoses" (
	"id" serial PRIMARY KEY NOT NULL,
	"diag_code" varchar(32) NOT NULL,
	"diag_name" varchar(128) NOT NULL,
	"dept_id" integer,
	"advice" text DEFAULT '' NOT NULL,
	"life_guidance" text DEFAULT '' NOT NULL,
	"is_contagion" boolean DEFAULT false NOT NULL,
	"serious_type" varchar(1) DEFAULT '0' NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "diagnoses_diag_code_unique" UNIQUE("diag_code")
);
--> statement-breakpoint
CREATE TABLE "exam_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_code" varchar(32) NOT NULL,
	"item_name" varchar(64) NOT NULL,
	"dept_id" integer NOT NULL,
	"result_type" varchar(8) NOT NULL,
	"unit" varchar(32),
	"ref_low_male" numeric(12, 4),
	"ref_high_male" numeric(12, 4),
	"ref_low_female" numeric(12, 4),
	"ref_high_female" numeric(12, 4),
	"critical_low" numeric(12, 4),
	"critical_high" numeric(12, 4),
	"normal_text" varchar(128),
	"high_words" varchar(64),
	"low_words" varchar(64),
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_items_item_code_unique" UNIQUE("item_code")
);
--> statement-breakpoint
CREATE TABLE "item_diag_rules" (
	"item_id" integer NOT NULL,
	"direction" varchar(1) NOT NULL,
	"diag_id" integer NOT NULL,
	CONSTRAINT "item_diag_rules_item_id_direction_pk" PRIMARY KEY("item_id","direction")
);
--> statement-breakpoint
CREATE TABLE "package_unions" (
	"package_id" integer NOT NULL,
	"union_id" integer NOT NULL,
	CONSTRAINT "package_unions_package_id_union_id_pk" PRIMARY KEY("package_id","union_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_code" varchar(32) NOT NULL,
	"package_name" varchar(64) NOT NULL,
	"gender_limit" varchar(1) DEFAULT '0' NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "packages_package_code_unique" UNIQUE("package_code")
);
--> statement-breakpoint
CREATE TABLE "union_items" (
	"union_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "union_items_union_id_item_id_pk" PRIMARY KEY("union_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "union_mutex" (
	"union_id" integer NOT NULL,
	"mutex_union_id" integer NOT NULL,
	CONSTRAINT "union_mutex_union_id_mutex_union_id_pk" PRIMARY KEY("union_id","mutex_union_id")
);
--> statement-breakpoint
CREATE TABLE "unions" (
	"id" serial PRIMARY KEY NOT NULL,
	"union_code" varchar(32) NOT NULL,
	"union_name" varchar(64) NOT NULL,
	"dept_id" integer NOT NULL,
	"work_group_id" integer,
	"price" numeric(10, 2) NOT NULL,
	"gender_limit" varchar(1) DEFAULT '0' NOT NULL,
	"specimen" varchar(16),
	"pinyin" varchar(32),
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "unions_union_code_unique" UNIQUE("union_code")
);
--> statement-breakpoint
CREATE TABLE "work_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"dept_id" integer NOT NULL,
	"group_name" varchar(64) NOT NULL,
	"is_imaging" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" varchar(128) NOT NULL,
	"contact_name" varchar(32),
	"contact_phone" varchar(20),
	"address" varchar(128),
	"exam_area" varchar(1) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_company_name_unique" UNIQUE("company_name")
);
--> statement-breakpoint
CREATE TABLE "company_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"group_name" varchar(64) NOT NULL,
	"package_id" integer,
	"gender_limit" varchar(1) DEFAULT '0' NOT NULL,
	"harm_factors" jsonb
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_no" varchar(32) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" varchar(16) DEFAULT 'signed' NOT NULL,
	CONSTRAINT "contracts_contract_no_unique" UNIQUE("contract_no")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"cust_name" varchar(64) NOT NULL,
	"sex" varchar(1) NOT NULL,
	"birthday" date NOT NULL,
	"cust_id_card" varchar(18),
	"phone" varchar(20),
	"special_flag" varchar(1) DEFAULT '0' NOT NULL,
	"nation" varchar(16),
	"address" varchar(128),
	"photo" text,
	"fingerprint_template" text,
	"fingerprint_collection_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_depts" (
	"order_id" varchar(20) NOT NULL,
	"dept_id" integer NOT NULL,
	"exam_date" date NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"dept_exception_flag" varchar(1) DEFAULT '0' NOT NULL,
	"sign_user_id" integer,
	"signed_at" timestamp with time zone,
	"imaging_sign_user_id" integer,
	"imaging_signed_at" timestamp with time zone,
	CONSTRAINT "order_depts_order_id_dept_id_pk" PRIMARY KEY("order_id","dept_id")
);
--> statement-breakpoint
CREATE TABLE "order_status_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"user_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_unions" (
	"order_id" varchar(20) NOT NULL,
	"union_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"origin" varchar(8) NOT NULL,
	CONSTRAINT "order_unions_order_id_union_id_pk" PRIMARY KEY("order_id","union_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" varchar(20) PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"exam_type" varchar(16) NOT NULL,
	"harm_factors" jsonb,
	"package_id" integer,
	"company_id" integer,
	"group_id" integer,
	"status" varchar(16) NOT NULL,
	"exam_date" date NOT NULL,
	"total_price" numeric(10, 2) NOT NULL,
	"conclusion" text,
	"advice" text,
	"correction_status" varchar(1) DEFAULT '0' NOT NULL,
	"registered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"pay_method" varchar(16) NOT NULL,
	"operator_id" integer,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "critical_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"item_id" integer NOT NULL,
	"result_value" varchar(256) NOT NULL,
	"direction" varchar(1) NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"raised_by" integer,
	"notified_person" varchar(64),
	"notified_at" timestamp with time zone,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dept_summaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"dept_id" integer NOT NULL,
	"union_id" integer,
	"summary_content" text NOT NULL,
	"source" varchar(1) NOT NULL,
	"doctor_edited" varchar(1) DEFAULT '0' NOT NULL,
	"summary_order_by" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"item_id" integer NOT NULL,
	"union_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	"result_value" varchar(256) NOT NULL,
	"unit" varchar(32),
	"ref_range" varchar(64),
	"abnormal_flag" varchar(1) DEFAULT '' NOT NULL,
	"critical_flag" varchar(1) DEFAULT '0' NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_diagnoses" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"dept_id" integer,
	"diag_id" integer,
	"diag_name" varchar(128) NOT NULL,
	"advice" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"doctor_created_flag" varchar(1) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"exception_type" varchar(8) NOT NULL,
	"union_id" integer,
	"union_name" varchar(64),
	"review_exception" text NOT NULL,
	"review_advise" text,
	"exception_images" text,
	"exception_dept" varchar(64),
	"exception_user" varchar(64) NOT NULL,
	"review_exception_flag" varchar(1) DEFAULT '1' NOT NULL,
	"exception_handler_name" varchar(64),
	"exception_handler_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"step" varchar(8) NOT NULL,
	"result" varchar(8) NOT NULL,
	"reason" text,
	"reviewer_id" integer NOT NULL,
	"reviewer_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_locks" (
	"lock_type" varchar(16) NOT NULL,
	"lock_key" varchar(48) NOT NULL,
	"owner_user_id" integer NOT NULL,
	"owner_name" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "record_locks_lock_type_lock_key_pk" PRIMARY KEY("lock_type","lock_key")
);
--> statement-breakpoint
CREATE TABLE "self_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"temp_type" varchar(32) NOT NULL,
	"temp_name" varchar(64) NOT NULL,
	"temp_config" jsonb NOT NULL,
	"enable_temp" varchar(1) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_diag_rules" ADD CONSTRAINT "item_diag_rules_item_id_exam_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."exam_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_diag_rules" ADD CONSTRAINT "item_diag_rules_diag_id_diagnoses_id_fk" FOREIGN KEY ("diag_id") REFERENCES "public"."diagnoses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_unions" ADD CONSTRAINT "package_unions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_unions" ADD CONSTRAINT "package_unions_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_items" ADD CONSTRAINT "union_items_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_items" ADD CONSTRAINT "union_items_item_id_exam_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."exam_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_mutex" ADD CONSTRAINT "union_mutex_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_mutex" ADD CONSTRAINT "union_mutex_mutex_union_id_unions_id_fk" FOREIGN KEY ("mutex_union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unions" ADD CONSTRAINT "unions_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unions" ADD CONSTRAINT "unions_work_group_id_work_groups_id_fk" FOREIGN KEY ("work_group_id") REFERENCES "public"."work_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_groups" ADD CONSTRAINT "work_groups_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_groups" ADD CONSTRAINT "company_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_groups" ADD CONSTRAINT "company_groups_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_depts" ADD CONSTRAINT "order_depts_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_depts" ADD CONSTRAINT "order_depts_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_log" ADD CONSTRAINT "order_status_log_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_unions" ADD CONSTRAINT "order_unions_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_unions" ADD CONSTRAINT "order_unions_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_unions" ADD CONSTRAINT "order_unions_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_group_id_company_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."company_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_values" ADD CONSTRAINT "critical_values_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_values" ADD CONSTRAINT "critical_values_item_id_exam_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."exam_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dept_summaries" ADD CONSTRAINT "dept_summaries_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dept_summaries" ADD CONSTRAINT "dept_summaries_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dept_summaries" ADD CONSTRAINT "dept_summaries_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_results" ADD CONSTRAINT "item_results_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_results" ADD CONSTRAINT "item_results_item_id_exam_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."exam_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_results" ADD CONSTRAINT "item_results_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_results" ADD CONSTRAINT "item_results_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_diagnoses" ADD CONSTRAINT "order_diagnoses_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_diagnoses" ADD CONSTRAINT "order_diagnoses_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_diagnoses" ADD CONSTRAINT "order_diagnoses_diag_id_diagnoses_id_fk" FOREIGN KEY ("diag_id") REFERENCES "public"."diagnoses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_exceptions" ADD CONSTRAINT "order_exceptions_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_exceptions" ADD CONSTRAINT "order_exceptions_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diagnoses_name_idx" ON "diagnoses" USING btree ("diag_name");--> statement-breakpoint
CREATE INDEX "exam_items_dept_idx" ON "exam_items" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "unions_dept_idx" ON "unions" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "company_groups_company_idx" ON "company_groups" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "contracts_company_idx" ON "contracts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "customers_id_card_idx" ON "customers" USING btree ("cust_id_card");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("cust_name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "order_depts_worklist_idx" ON "order_depts" USING btree ("dept_id","exam_date","status");--> statement-breakpoint
CREATE INDEX "order_status_log_order_idx" ON "order_status_log" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_exam_date_status_idx" ON "orders" USING btree ("exam_date","status");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_id","exam_date");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "critical_values_status_idx" ON "critical_values" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "dept_summaries_order_idx" ON "dept_summaries" USING btree ("order_id","dept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_results_order_item_idx" ON "item_results" USING btree ("order_id","item_id");--> statement-breakpoint
CREATE INDEX "order_diagnoses_order_idx" ON "order_diagnoses" USING btree ("order_id","dept_id");--> statement-breakpoint
CREATE INDEX "order_exceptions_order_idx" ON "order_exceptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reviews_order_idx" ON "reviews" USING btree ("order_id","created_at");