CREATE TABLE "card_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"start_no" varchar(32) NOT NULL,
	"end_no" varchar(32) NOT NULL,
	"card_count" integer NOT NULL,
	"face_value" numeric(12, 2) NOT NULL,
	"valid_until" date NOT NULL,
	"receiver" varchar(32),
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"balance_after" numeric(12, 2) NOT NULL,
	"order_id" varchar(20),
	"refund_of" integer,
	"note" text,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_name" varchar(32) NOT NULL,
	"prefix" varchar(8) NOT NULL,
	"face_value" numeric(12, 2) NOT NULL,
	"rechargeable" boolean DEFAULT false NOT NULL,
	"validity_days" integer,
	"valid_until" date,
	"package_id" integer,
	"remark" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "card_types_validity_ck" CHECK ("card_types"."validity_days" is not null or "card_types"."valid_until" is not null)
);
--> statement-breakpoint
CREATE TABLE "exam_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"type_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"state" varchar(8) DEFAULT '未售' NOT NULL,
	"state_before_freeze" varchar(8),
	"balance" numeric(12, 2) NOT NULL,
	"sale_price" numeric(12, 2),
	"buyer_name" varchar(32),
	"buyer_phone_enc" text,
	"buyer_phone_hash" varchar(64),
	"sold_by" integer,
	"sold_at" timestamp with time zone,
	"valid_until" date NOT NULL,
	"password_hash" text,
	"state_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "exam_cards_balance_ck" CHECK ("exam_cards"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" varchar(16) DEFAULT 'visit' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "trade_no" varchar(64);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "total_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "card_batches" ADD CONSTRAINT "card_batches_type_id_card_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD CONSTRAINT "card_ledger_card_id_exam_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."exam_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD CONSTRAINT "card_ledger_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_types" ADD CONSTRAINT "card_types_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_cards" ADD CONSTRAINT "exam_cards_type_id_card_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_cards" ADD CONSTRAINT "exam_cards_batch_id_card_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."card_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_batches_type_idx" ON "card_batches" USING btree ("type_id","created_at");--> statement-breakpoint
CREATE INDEX "card_ledger_card_idx" ON "card_ledger" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "card_ledger_order_idx" ON "card_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_ledger_refund_uq" ON "card_ledger" USING btree ("refund_of") WHERE "card_ledger"."refund_of" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "card_types_name_uq" ON "card_types" USING btree ("type_name");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_cards_no_uq" ON "exam_cards" USING btree ("card_no");--> statement-breakpoint
CREATE INDEX "exam_cards_batch_idx" ON "exam_cards" USING btree ("batch_id","card_no");--> statement-breakpoint
CREATE INDEX "exam_cards_buyer_phone_idx" ON "exam_cards" USING btree ("buyer_phone_hash");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_id_exam_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."exam_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_card_idx" ON "payments" USING btree ("card_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_ck" CHECK (("payments"."purpose" = 'visit' and "payments"."order_id" is not null) or ("payments"."purpose" in ('card_sale', 'card_recharge', 'card_refund') and "payments"."card_id" is not null));