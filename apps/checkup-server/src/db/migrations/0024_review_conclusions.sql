ALTER TABLE "order_diagnoses" ADD COLUMN "group_advice" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_diagnoses" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_diagnoses" ADD COLUMN "review_sort" integer;--> statement-breakpoint
ALTER TABLE "order_diagnoses" ADD COLUMN "merged_into" integer;--> statement-breakpoint
ALTER TABLE "order_diagnoses" ADD COLUMN "added_by" integer;--> statement-breakpoint
ALTER TABLE "order_diagnoses" ADD COLUMN "added_by_name" varchar(64);--> statement-breakpoint
ALTER TABLE "order_diagnoses" ADD CONSTRAINT "order_diagnoses_merged_into_order_diagnoses_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."order_diagnoses"("id") ON DELETE no action ON UPDATE no action;