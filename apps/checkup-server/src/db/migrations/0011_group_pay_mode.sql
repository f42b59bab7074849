ALTER TABLE "company_groups" ADD COLUMN "pay_mode" varchar(8) DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_unions" ADD COLUMN "pay_mode" varchar(8) DEFAULT 'self' NOT NULL;--> statement-breakpoint
-- Visits registered before: a group's package lines were billed as the group says (统收 by default).
UPDATE "order_unions" SET "pay_mode" = g."pay_mode"
FROM "orders" o JOIN "company_groups" g ON g."id" = o."group_id"
WHERE o."order_id" = "order_unions"."order_id" AND "order_unions"."origin" = 'package';
