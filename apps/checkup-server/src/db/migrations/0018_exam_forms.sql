CREATE TABLE "his_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_no" varchar(32) NOT NULL,
	"customer_name" varchar(64),
	"change_type" varchar(16) NOT NULL,
	"content" varchar(500) NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"note" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "his_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"interface_name" varchar(64) NOT NULL,
	"exam_no" varchar(32),
	"msg_type" varchar(32) NOT NULL,
	"status" varchar(8) NOT NULL,
	"direction" varchar(3) NOT NULL,
	"call_mode" varchar(16) NOT NULL,
	"request_text" text,
	"response_text" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"question_code" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"question_type" varchar(8) NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"qn_name" varchar(64) NOT NULL,
	"gender_limit" varchar(1) DEFAULT '0' NOT NULL,
	"age_min" integer,
	"age_max" integer,
	"description" varchar(200),
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "questionnaires_qn_name_unique" UNIQUE("qn_name")
);
--> statement-breakpoint
CREATE TABLE "us_classifies" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"classify_name" varchar(64) NOT NULL,
	"name_en" varchar(64),
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "us_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_name" varchar(64) NOT NULL,
	"input_code" varchar(32) NOT NULL,
	"gender_limit" varchar(1) DEFAULT '0' NOT NULL,
	"classify_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "us_signs" (
	"id" serial PRIMARY KEY NOT NULL,
	"us_item_id" integer NOT NULL,
	"sign_name" varchar(64) NOT NULL,
	"is_positive" boolean DEFAULT false NOT NULL,
	"description" text NOT NULL,
	"conclusion" varchar(128),
	"serious_type" varchar(1) DEFAULT '0' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_classifies" ADD CONSTRAINT "us_classifies_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."us_classifies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_items" ADD CONSTRAINT "us_items_classify_id_us_classifies_id_fk" FOREIGN KEY ("classify_id") REFERENCES "public"."us_classifies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_items" ADD CONSTRAINT "us_items_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_signs" ADD CONSTRAINT "us_signs_us_item_id_us_items_id_fk" FOREIGN KEY ("us_item_id") REFERENCES "public"."us_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "his_changes_state_idx" ON "his_changes" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "his_messages_sent_idx" ON "his_messages" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "his_messages_exam_idx" ON "his_messages" USING btree ("exam_no");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_questions_code_idx" ON "questionnaire_questions" USING btree ("questionnaire_id","question_code");--> statement-breakpoint
CREATE INDEX "us_classifies_parent_idx" ON "us_classifies" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "us_items_name_idx" ON "us_items" USING btree ("item_name");--> statement-breakpoint
CREATE INDEX "us_items_classify_idx" ON "us_items" USING btree ("classify_id");--> statement-breakpoint
CREATE UNIQUE INDEX "us_signs_item_name_idx" ON "us_signs" USING btree ("us_item_id","sign_name");