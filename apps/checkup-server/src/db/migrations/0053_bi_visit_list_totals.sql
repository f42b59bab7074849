ALTER TABLE "bi_visit_facts" ADD COLUMN "self_list_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bi_visit_facts" ADD COLUMN "first_charge_id" integer;--> statement-breakpoint
CREATE INDEX "item_results_abnormal_idx" ON "item_results" USING btree ("order_id") WHERE "item_results"."abnormal_flag" <> '';--> statement-breakpoint
UPDATE "bi_visit_facts" v SET "self_list_total" = x."total", "first_charge_id" = x."first_id"
FROM (
  SELECT f."order_id",
    (SELECT coalesce(sum(l."list_price"), 0) FROM "bi_line_facts" l WHERE l."order_id" = f."order_id" AND l."pay_mode" = 'self' AND NOT l."returned") AS "total",
    (SELECT min(p."id") FROM "payments" p WHERE p."order_id" = f."order_id" AND p."purpose" = 'visit' AND p."kind" = 'charge') AS "first_id"
  FROM "bi_visit_facts" f
) x
WHERE x."order_id" = v."order_id";
