CREATE TABLE "review_level_starts" (
	"order_id" varchar(20) NOT NULL,
	"step" varchar(8) NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"how" varchar(8) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_level_starts" ADD CONSTRAINT "review_level_starts_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_level_starts_key" ON "review_level_starts" USING btree ("order_id","step","user_id");--> statement-breakpoint
-- Hand-written (issue 20), kept at the end when regenerating: the demo roles of an existing database
-- get the new 反审 and 存入诊断库 permissions (a fresh database has no roles yet here; the seed gives them).
UPDATE "roles" SET "role_menu" = "role_menu" || '["exam_mg/rev_apr_detail:unpass"]'::jsonb
WHERE "role_name" IN ('总检医生', '报告审核员') AND NOT "role_menu" @> '["exam_mg/rev_apr_detail:unpass"]'::jsonb;--> statement-breakpoint
UPDATE "roles" SET "role_menu" = "role_menu" || '["exam_mg/rev_apr_detail:save_dict"]'::jsonb
WHERE "role_name" = '总检医生' AND NOT "role_menu" @> '["exam_mg/rev_apr_detail:save_dict"]'::jsonb;
