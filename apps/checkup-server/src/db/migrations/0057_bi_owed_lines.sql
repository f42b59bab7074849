ALTER TABLE "bi_line_facts" ADD COLUMN "owed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "bi_line_facts" l SET "owed" = true FROM "bi_visit_facts" v
WHERE v.order_id = l.order_id AND v.status <> 'prepared' AND NOT l.returned AND l.price <> 0
  AND ((l.pay_mode = 'self' AND NOT l.fee_charged)
    OR (l.pay_mode = 'company' AND NOT EXISTS (SELECT 1 FROM "settlement_lines" sl
      JOIN "settlements" s ON s.id = sl.settlement_id
      WHERE sl.live AND s.state = '已结账' AND sl.order_id = l.order_id AND sl.union_id = l.union_id)));--> statement-breakpoint
CREATE INDEX "bi_line_facts_owed_idx" ON "bi_line_facts" USING btree ("exam_date") WHERE "bi_line_facts"."owed";
