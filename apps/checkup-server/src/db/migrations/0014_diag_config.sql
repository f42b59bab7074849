CREATE TABLE "diagnosis_item_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"diag_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"sign_word" varchar(64),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "diagnosis_merge_members" (
	"merge_id" integer NOT NULL,
	"diag_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "diagnosis_merge_members_merge_id_diag_id_pk" PRIMARY KEY("merge_id","diag_id")
);
--> statement-breakpoint
CREATE TABLE "diagnosis_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"merge_name" varchar(128) NOT NULL,
	"input_code" varchar(32) NOT NULL,
	"advice" text NOT NULL,
	"group_advice" text NOT NULL,
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "diagnosis_profiles" (
	"diag_id" integer PRIMARY KEY NOT NULL,
	"to_summary" boolean DEFAULT true NOT NULL,
	"is_common" boolean DEFAULT false NOT NULL,
	"gender_limit" varchar(1) DEFAULT '0' NOT NULL,
	"explanation" text,
	"diet_guidance" text,
	"exercise_guidance" text,
	"health_knowledge" text,
	"rule_join" varchar(3) DEFAULT 'and' NOT NULL,
	"rule_conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rule_gender" varchar(1) DEFAULT '0' NOT NULL,
	"rule_age_min" integer,
	"rule_age_max" integer
);
--> statement-breakpoint
CREATE TABLE "health_guidances" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(16) NOT NULL,
	"title" varchar(64) NOT NULL,
	"content" text NOT NULL,
	"keywords" varchar(128),
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "diagnosis_item_links" ADD CONSTRAINT "diagnosis_item_links_diag_id_diagnoses_id_fk" FOREIGN KEY ("diag_id") REFERENCES "public"."diagnoses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_item_links" ADD CONSTRAINT "diagnosis_item_links_item_id_exam_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."exam_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_merge_members" ADD CONSTRAINT "diagnosis_merge_members_merge_id_diagnosis_merges_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."diagnosis_merges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_merge_members" ADD CONSTRAINT "diagnosis_merge_members_diag_id_diagnoses_id_fk" FOREIGN KEY ("diag_id") REFERENCES "public"."diagnoses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_profiles" ADD CONSTRAINT "diagnosis_profiles_diag_id_diagnoses_id_fk" FOREIGN KEY ("diag_id") REFERENCES "public"."diagnoses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnosis_item_links_diag_idx" ON "diagnosis_item_links" USING btree ("diag_id");--> statement-breakpoint
CREATE INDEX "diagnosis_item_links_item_idx" ON "diagnosis_item_links" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "diagnosis_merge_members_diag_idx" ON "diagnosis_merge_members" USING btree ("diag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_merges_name_idx" ON "diagnosis_merges" USING btree ("merge_name");--> statement-breakpoint
CREATE INDEX "health_guidances_category_idx" ON "health_guidances" USING btree ("category","sort");