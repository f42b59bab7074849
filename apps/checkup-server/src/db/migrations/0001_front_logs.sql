CREATE TABLE "front_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"log_type" varchar(16) NOT NULL,
	"operator_id" varchar(64),
	"log_source" varchar(128) NOT NULL,
	"log_content" text NOT NULL,
	"user_id" integer,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "front_logs_created_idx" ON "front_logs" USING btree ("created_at");