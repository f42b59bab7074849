ALTER TABLE "order_exceptions" ADD COLUMN "dept_id" integer;--> statement-breakpoint
ALTER TABLE "order_exceptions" ADD CONSTRAINT "order_exceptions_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Department exceptions recorded before this column named their department only.
UPDATE "order_exceptions" AS e SET "dept_id" = d."id" FROM "departments" AS d WHERE e."exception_type" = 'dept' AND e."dept_id" IS NULL AND e."exception_dept" = d."dept_name";
