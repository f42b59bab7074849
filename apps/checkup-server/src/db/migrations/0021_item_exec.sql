ALTER TABLE "order_unions" ADD COLUMN "exec_by" integer;--> statement-breakpoint
ALTER TABLE "order_unions" ADD COLUMN "exec_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_unions" ADD COLUMN "exec_reason" text;--> statement-breakpoint
ALTER TABLE "order_unions" ADD COLUMN "exec_date" date;--> statement-breakpoint
ALTER TABLE "order_unions" ADD COLUMN "signature_file_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sheet_returned_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sheet_returned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_unions_exec_idx" ON "order_unions" USING btree ("status","exec_date");