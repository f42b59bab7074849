CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(64) NOT NULL,
	"content" text NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_until" date,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "reminder_reads" (
	"user_id" integer NOT NULL,
	"reminder_key" varchar(64) NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_reads_user_id_reminder_key_pk" PRIMARY KEY("user_id","reminder_key")
);
--> statement-breakpoint
CREATE TABLE "server_op_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"module" varchar(64) NOT NULL,
	"user_id" integer,
	"user_account" varchar(64),
	"method" varchar(8) NOT NULL,
	"url" varchar(512) NOT NULL,
	"summary" varchar(128) NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"error" varchar(500),
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_op_logs_created_idx" ON "server_op_logs" USING btree ("created_at");