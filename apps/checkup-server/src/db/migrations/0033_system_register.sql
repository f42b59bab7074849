CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_name" varchar(64) NOT NULL,
	"version_no" varchar(32) NOT NULL,
	"released_on" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "app_versions_version_no_unique" UNIQUE("version_no")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_name" varchar(64) NOT NULL,
	"short_code" varchar(16) NOT NULL,
	"pinyin_code" varchar(32) NOT NULL,
	"phone" varchar(32),
	"address" varchar(200),
	"booking_days" integer DEFAULT 30 NOT NULL,
	"issue_period" varchar(4) DEFAULT 'all' NOT NULL,
	"booking_enabled" boolean DEFAULT false NOT NULL,
	"desk_notice" text,
	"pre_exam_notice" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "branches_short_code_unique" UNIQUE("short_code")
);
--> statement-breakpoint
CREATE TABLE "interface_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"system" varchar(16) NOT NULL,
	"call_name" varchar(64) NOT NULL,
	"subject" varchar(64),
	"request_text" text,
	"response_text" text,
	"retry" jsonb,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_no" varchar(32) NOT NULL,
	"module" varchar(32) NOT NULL,
	"change_type" varchar(8) NOT NULL,
	"finished_on" date,
	"content" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_branch_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "version_entries" ADD CONSTRAINT "version_entries_version_no_app_versions_version_no_fk" FOREIGN KEY ("version_no") REFERENCES "public"."app_versions"("version_no") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "interface_errors_occurred_idx" ON "interface_errors" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "interface_errors_subject_idx" ON "interface_errors" USING btree ("subject","state");--> statement-breakpoint
CREATE INDEX "version_entries_version_idx" ON "version_entries" USING btree ("version_no");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A database with visits gets the one branch they were registered at (the demo seed adds the same one).
INSERT INTO "branches" ("branch_name", "short_code", "pinyin_code", "issue_period", "sort")
SELECT '本部', 'BB', 'BB', 'all', 0 WHERE EXISTS (SELECT 1 FROM "orders") ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "orders" SET "branch_id" = (SELECT "id" FROM "branches" WHERE "short_code" = 'BB') WHERE "branch_id" IS NULL;--> statement-breakpoint
UPDATE "payments" SET "branch_id" = (SELECT "id" FROM "branches" WHERE "short_code" = 'BB') WHERE "branch_id" IS NULL;--> statement-breakpoint
-- 版本日志: the current version and what the last issues brought (git history, issues 17 to 21).
INSERT INTO "app_versions" ("version_name", "version_no", "released_on") VALUES ('体检管理系统', '0.1.0', '2026-11-28');--> statement-breakpoint
INSERT INTO "version_entries" ("version_no", "module", "change_type", "finished_on", "content") VALUES
('0.1.0', '安全', 'add', '2026-11-25', '每个接口由服务端按角色授权；身份证号与手机号加密存储；走查发现的缺陷修复（issue 17）'),
('0.1.0', '体检配置', 'add', '2026-11-25', '体检配置通过统一资源层维护：列表、表单、启停、Excel导入导出（issue 18）'),
('0.1.0', '登记与科室', 'add', '2026-11-25', '前台与科室按体检中心实际流程运行：收费状态、反登记、禁检、弃检/迟检、科室反审核与加项（issue 19）'),
('0.1.0', '总检与报告', 'add', '2026-11-28', '审核分级（初审、主审、终审）、危急值三段处理、报告入库出库与领取短信通知（issue 20）'),
('0.1.0', '系统设置', 'add', NULL, '分中心、授权信息、版本日志与接口错误日志（issue 21）');
