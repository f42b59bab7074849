CREATE TABLE "custom_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(200),
	"view" varchar(32) NOT NULL,
	"columns" jsonb NOT NULL,
	"params" jsonb NOT NULL,
	"aggregates" jsonb NOT NULL,
	"sort" jsonb NOT NULL,
	"role_ids" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "custom_reports_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE VIEW "public"."rpt_diagnoses" AS (select g.order_id, g.exam_date, b.branch_name, g.diag_name, d.dept_name,
  (case v.sex when '1' then '男' when '2' then '女' else v.sex end) as sex_name, v.age::int as age, (case when v.is_group then '团检' else '个检' end) as visit_kind
from bi_diag_facts g
left join bi_visit_facts v on v.order_id = g.order_id
left join branches b on b.id = g.branch_id
left join departments d on d.id = g.dept_id);--> statement-breakpoint
CREATE VIEW "public"."rpt_lines" AS (select l.order_id, l.exam_date, b.branch_name, (case when l.is_group then '团检' else '个检' end) as visit_kind, d.dept_name,
  u.union_name, (case l.status when '0' then '未检' when '1' then '已检' when '2' then '弃检' when '3' then '迟检' when '4' then '拒检' when '5' then '补检' else l.status end) as status_name,
  (case l.origin when 'package' then '套餐' when 'extra' then '加项' else l.origin end) as origin_name,
  (case l.pay_mode when 'self' then '自费' when 'company' then '统收' else l.pay_mode end) as pay_mode_name,
  (case when l.fee_charged then '已收费' else '未收费' end) as charged_name,
  (case when l.returned then '是' else '否' end) as returned_name, l.list_price, l.price
from bi_line_facts l
left join branches b on b.id = l.branch_id
left join departments d on d.id = l.dept_id
left join unions u on u.id = l.union_id);--> statement-breakpoint
CREATE VIEW "public"."rpt_payments" AS (select p.id as payment_id, (p.paid_at at time zone 'Asia/Shanghai')::date as paid_date,
  to_char(p.paid_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as paid_time, b.branch_name,
  (case p.purpose when 'visit' then '个检收费' when 'card_sale' then '售卡' when 'card_recharge' then '卡充值' when 'card_refund' then '卡退款' when 'settlement' then '团体结算' when 'advance' then '团体预缴' else p.purpose end) as purpose_name, (case p.kind when 'charge' then '收费' when 'refund' then '退费' when 'reversal' then '冲正' else p.kind end) as kind_name,
  (case p.pay_method when 'cash' then '现金' when 'wechat' then '微信' when 'alipay' then '支付宝' when 'card' then '银行卡' when 'transfer' then '转账' when 'exam_card' then '体检卡' when 'company' then '单位结算' when 'on_account' then '记账' when 'advance' then '预缴划账' else p.pay_method end) as method_name, u.user_name as cashier_name, p.order_id,
  (case when p.day_end_id is null then '未日结' else '已日结' end) as day_end_name, p.amount
from payments p
left join branches b on b.id = p.branch_id
left join users u on u.id = p.operator_id);--> statement-breakpoint
CREATE VIEW "public"."rpt_visits" AS (select f.order_id, f.exam_date, f.audit_date, b.branch_name,
  (case f.exam_type when 'health' then '健康体检' when 'occupational' then '职业体检' when 'entry' then '入职体检' when 'health_card' then '健康证' when 'review' then '复查' else f.exam_type end) as exam_type_name, (case when f.is_group then '团检' else '个检' end) as visit_kind,
  co.company_name, p.package_name, (case when c.special_flag = '1' then '***'
  else left(c.cust_name, 1) || repeat('*', greatest(char_length(c.cust_name) - 1, 1)) end) as masked_name, (case f.sex when '1' then '男' when '2' then '女' else f.sex end) as sex_name,
  f.age::int as age, (case f.status when 'prepared' then '已预登记' when 'registered' then '已登记' when 'checked_in' then '已报到' when 'in_exam' then '检查中' when 'depts_done' then '科室已完成' when 'first_trial' then '已初审' when 'main_trial' then '已主审' when 'final_trial' then '已终审' when 'report_printed' then '报告已打印' when 'report_sent' then '报告已发送' else f.status end) as status_name, f.line_count::int as line_count,
  f.list_total, f.price_total, f.self_total, f.company_total
from bi_visit_facts f
join orders o on o.order_id = f.order_id
join customers c on c.id = o.customer_id
left join branches b on b.id = f.branch_id
left join companies co on co.id = f.company_id
left join packages p on p.id = f.package_id);