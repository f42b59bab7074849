ALTER TABLE "diagnoses" ADD COLUMN "diag_code_folded" varchar(32) GENERATED ALWAYS AS (lower(diag_code)) STORED;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD COLUMN "diag_name_folded" varchar(128) GENERATED ALWAYS AS (lower(diag_name)) STORED;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD COLUMN "pinyin_folded" varchar(32) GENERATED ALWAYS AS (lower(pinyin)) STORED;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "item_code_folded" varchar(32) GENERATED ALWAYS AS (lower(item_code)) STORED;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "item_name_folded" varchar(64) GENERATED ALWAYS AS (lower(item_name)) STORED;--> statement-breakpoint
ALTER TABLE "unions" ADD COLUMN "union_code_folded" varchar(32) GENERATED ALWAYS AS (lower(union_code)) STORED;--> statement-breakpoint
ALTER TABLE "unions" ADD COLUMN "union_name_folded" varchar(64) GENERATED ALWAYS AS (lower(union_name)) STORED;--> statement-breakpoint
ALTER TABLE "unions" ADD COLUMN "pinyin_folded" varchar(32) GENERATED ALWAYS AS (lower(pinyin)) STORED;