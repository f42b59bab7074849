CREATE TABLE "breakfasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_by" integer,
	"undone" boolean DEFAULT false NOT NULL,
	"undo_reason" text,
	"undone_by" integer,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" varchar(20),
	"channel" varchar(8) NOT NULL,
	"category" varchar(8) NOT NULL,
	"content" text NOT NULL,
	"contact_phone" varchar(32),
	"state" varchar(8) DEFAULT '待处理' NOT NULL,
	"handle_note" text,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "breakfasts" ADD CONSTRAINT "breakfasts_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "breakfasts_order_taken_uq" ON "breakfasts" USING btree ("order_id") WHERE "breakfasts"."undone" = false;--> statement-breakpoint
CREATE INDEX "breakfasts_taken_idx" ON "breakfasts" USING btree ("taken_at");--> statement-breakpoint
CREATE INDEX "feedbacks_created_idx" ON "feedbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_state_idx" ON "feedbacks" USING btree ("state","created_at");