CREATE TABLE "idempotency_keys" (
	"scope_key" varchar(64) PRIMARY KEY NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"state" varchar(8) NOT NULL,
	"owner" varchar(32) NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answer_status" integer,
	"answer_type" varchar(128),
	"answer_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purpose" varchar(32) NOT NULL,
	"owner_ref" varchar(64) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(128) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("purpose","owner_ref");