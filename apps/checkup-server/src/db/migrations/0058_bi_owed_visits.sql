ALTER TABLE "bi_visit_facts" ADD COLUMN "owed_self_lines" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bi_visit_facts" ADD COLUMN "owed_self" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bi_visit_facts" ADD COLUMN "owed_company_lines" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bi_visit_facts" ADD COLUMN "owed_company" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "bi_visit_facts" v SET "owed_self_lines" = o.self_lines, "owed_self" = o.self_amount,
  "owed_company_lines" = o.company_lines, "owed_company" = o.company_amount
FROM (SELECT l.order_id,
    count(*) FILTER (WHERE l.pay_mode = 'self') AS self_lines,
    coalesce(sum(l.price) FILTER (WHERE l.pay_mode = 'self'), 0) AS self_amount,
    count(*) FILTER (WHERE l.pay_mode = 'company') AS company_lines,
    coalesce(sum(l.price) FILTER (WHERE l.pay_mode = 'company'), 0) AS company_amount
  FROM "bi_line_facts" l WHERE l.owed GROUP BY l.order_id) o
WHERE o.order_id = v.order_id;--> statement-breakpoint
CREATE INDEX "bi_visit_facts_owed_self_idx" ON "bi_visit_facts" USING btree ("exam_date") WHERE "bi_visit_facts"."owed_self_lines" > 0;--> statement-breakpoint
CREATE INDEX "bi_visit_facts_owed_company_idx" ON "bi_visit_facts" USING btree ("exam_date") WHERE "bi_visit_facts"."owed_company_lines" > 0;