DROP INDEX "order_depts_worklist_idx";--> statement-breakpoint
CREATE INDEX "orders_exam_date_order_idx" ON "orders" USING btree ("exam_date","order_id");--> statement-breakpoint
CREATE INDEX "order_depts_worklist_idx" ON "order_depts" USING btree ("dept_id","exam_date","order_id","status");