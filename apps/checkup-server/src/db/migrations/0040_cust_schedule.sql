CREATE TABLE "exam_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"state" varchar(12) NOT NULL,
	"slot_type" varchar(8) NOT NULL,
	"slot_id" integer,
	"book_date" date NOT NULL,
	"date_to" date,
	"cust_name" varchar(64),
	"sex" varchar(1),
	"cust_id_card_enc" text,
	"cust_id_card_hash" varchar(64),
	"phone_enc" text,
	"phone_hash" varchar(64),
	"company_name" varchar(128),
	"package_id" integer,
	"group_order_id" integer,
	"head_count" integer DEFAULT 1 NOT NULL,
	"remark" varchar(200),
	"approval_state" varchar(8),
	"approval_note" varchar(200),
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"order_id" varchar(20),
	"customer_id" integer,
	"cancel_reason" varchar(200),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "schedule_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"slot_type" varchar(8) NOT NULL,
	"cap" integer NOT NULL,
	"remark" varchar(200),
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_bookings" ADD CONSTRAINT "exam_bookings_slot_id_schedule_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."schedule_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_bookings" ADD CONSTRAINT "exam_bookings_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_bookings" ADD CONSTRAINT "exam_bookings_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_bookings" ADD CONSTRAINT "exam_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_bookings_date_idx" ON "exam_bookings" USING btree ("book_date");--> statement-breakpoint
CREATE INDEX "exam_bookings_slot_idx" ON "exam_bookings" USING btree ("slot_id","state");--> statement-breakpoint
CREATE INDEX "exam_bookings_id_card_idx" ON "exam_bookings" USING btree ("cust_id_card_hash");--> statement-breakpoint
CREATE INDEX "exam_bookings_customer_idx" ON "exam_bookings" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_slots_day_time_type_uq" ON "schedule_slots" USING btree ("day","start_time","slot_type");