CREATE INDEX "order_depts_signed_at_idx" ON "order_depts" USING btree ("signed_at") WHERE "order_depts"."signed_at" is not null;--> statement-breakpoint
CREATE INDEX "order_status_log_created_idx" ON "order_status_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_unions_exec_at_idx" ON "order_unions" USING btree ("exec_at") WHERE "order_unions"."exec_at" is not null;--> statement-breakpoint
CREATE INDEX "order_unions_returned_at_idx" ON "order_unions" USING btree ("returned_at") WHERE "order_unions"."returned_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at");