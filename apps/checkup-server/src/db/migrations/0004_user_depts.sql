CREATE TABLE "user_depts" (
	"user_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	CONSTRAINT "user_depts_user_id_dept_id_pk" PRIMARY KEY("user_id","dept_id")
);
--> statement-breakpoint
ALTER TABLE "user_depts" ADD CONSTRAINT "user_depts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_depts" ADD CONSTRAINT "user_depts_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;