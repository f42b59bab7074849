CREATE TABLE "order_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"from_dept_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"from_user_name" varchar(64) NOT NULL,
	"to_dept_id" integer,
	"to_review" varchar(1) DEFAULT '0' NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_by" integer,
	"done_by_name" varchar(64),
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_union_additions" (
	"order_id" varchar(20) NOT NULL,
	"union_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	"added_by" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_union_additions_order_id_union_id_pk" PRIMARY KEY("order_id","union_id")
);
--> statement-breakpoint
ALTER TABLE "order_reminders" ADD CONSTRAINT "order_reminders_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reminders" ADD CONSTRAINT "order_reminders_from_dept_id_departments_id_fk" FOREIGN KEY ("from_dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reminders" ADD CONSTRAINT "order_reminders_to_dept_id_departments_id_fk" FOREIGN KEY ("to_dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_union_additions" ADD CONSTRAINT "order_union_additions_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_union_additions" ADD CONSTRAINT "order_union_additions_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_union_additions" ADD CONSTRAINT "order_union_additions_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_reminders_order_idx" ON "order_reminders" USING btree ("order_id","created_at");