CREATE TABLE "function_intros" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_name" varchar(64) NOT NULL,
	"unique_key" varchar(128) NOT NULL,
	"doc_type" varchar(8) NOT NULL,
	"content" text,
	"file_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "function_intros_unique_key_unique" UNIQUE("unique_key")
);
--> statement-breakpoint
CREATE TABLE "menu_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_key" varchar(128) NOT NULL,
	"title" varchar(16),
	"sort" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"quick_access" boolean,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "menu_settings_menu_key_unique" UNIQUE("menu_key")
);
--> statement-breakpoint
ALTER TABLE "function_intros" ADD CONSTRAINT "function_intros_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;