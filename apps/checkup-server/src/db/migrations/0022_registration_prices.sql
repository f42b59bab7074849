CREATE TABLE "package_option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"group_name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_option_unions" (
	"group_id" integer NOT NULL,
	"union_id" integer NOT NULL,
	CONSTRAINT "package_option_unions_group_id_union_id_pk" PRIMARY KEY("group_id","union_id")
);
--> statement-breakpoint
ALTER TABLE "unions" ADD COLUMN "no_discount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_unions" ADD COLUMN "list_price" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_unions" ADD COLUMN "fee_charged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "desk_discount" jsonb;--> statement-breakpoint
ALTER TABLE "package_option_groups" ADD CONSTRAINT "package_option_groups_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_option_unions" ADD CONSTRAINT "package_option_unions_group_id_package_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."package_option_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_option_unions" ADD CONSTRAINT "package_option_unions_union_id_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."unions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_option_groups_package_idx" ON "package_option_groups" USING btree ("package_id");--> statement-breakpoint
-- Lines ordered before issue 19 keep their price as charged; their list price is the union's today, and
-- a visit whose payments cover its total has its lines paid.
UPDATE "order_unions" ou SET "list_price" = u."price" FROM "unions" u WHERE u."id" = ou."union_id";--> statement-breakpoint
UPDATE "order_unions" ou SET "fee_charged" = true FROM "orders" o
  WHERE o."order_id" = ou."order_id"
    AND (SELECT coalesce(sum(p."amount"), 0) FROM "payments" p WHERE p."order_id" = o."order_id") >= o."total_price"
    AND o."total_price" > 0;
