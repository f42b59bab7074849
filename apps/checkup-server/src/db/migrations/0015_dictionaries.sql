CREATE TABLE "application_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_code" varchar(32) NOT NULL,
	"type_name" varchar(32) NOT NULL,
	"send_target" varchar(8) NOT NULL,
	"barcode_class" varchar(32),
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "application_types_type_code_unique" UNIQUE("type_code")
);
--> statement-breakpoint
CREATE TABLE "code_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(32) NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "consumables" (
	"id" serial PRIMARY KEY NOT NULL,
	"consumable_code" varchar(32) NOT NULL,
	"consumable_name" varchar(64) NOT NULL,
	"spec" varchar(64),
	"unit" varchar(8) NOT NULL,
	"cost_price" numeric(10, 2) NOT NULL,
	"union_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "consumables_consumable_code_unique" UNIQUE("consumable_code")
);
--> statement-breakpoint
CREATE TABLE "dict_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"label" varchar(64) NOT NULL,
	"value" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"style" varchar(16),
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "dict_refs" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" varchar(16) NOT NULL,
	"data_id" integer NOT NULL,
	"external_code" varchar(64) NOT NULL,
	"external_name" varchar(64),
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "dict_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_code" varchar(32) NOT NULL,
	"type_name" varchar(32) NOT NULL,
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "dict_types_type_code_unique" UNIQUE("type_code")
);
--> statement-breakpoint
CREATE TABLE "harm_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"factor_code" varchar(32) NOT NULL,
	"factor_name" varchar(64) NOT NULL,
	"category" varchar(16) NOT NULL,
	"health_effect" text NOT NULL,
	"cas_no" varchar(16),
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "harm_factors_factor_code_unique" UNIQUE("factor_code")
);
--> statement-breakpoint
CREATE TABLE "msg_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_code" varchar(32) NOT NULL,
	"template_name" varchar(64) NOT NULL,
	"scene" varchar(16) NOT NULL,
	"content" varchar(500) NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "msg_templates_template_code_unique" UNIQUE("template_code")
);
--> statement-breakpoint
CREATE TABLE "table_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"table_key" varchar(64) NOT NULL,
	"columns" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "consumables" ADD CONSTRAINT "consumables_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_data" ADD CONSTRAINT "dict_data_type_id_dict_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."dict_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_refs" ADD CONSTRAINT "dict_refs_data_id_dict_data_id_fk" FOREIGN KEY ("data_id") REFERENCES "public"."dict_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_tables_category_code_idx" ON "code_tables" USING btree ("category","code");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_data_type_value_idx" ON "dict_data" USING btree ("type_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_refs_platform_data_idx" ON "dict_refs" USING btree ("platform","data_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_settings_user_table_idx" ON "table_settings" USING btree ("user_id","table_key");