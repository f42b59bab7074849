CREATE TABLE "group_register_prints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"printed_by" integer,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_register_prints" ADD CONSTRAINT "group_register_prints_person_id_group_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."group_persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_register_prints_person_idx" ON "group_register_prints" USING btree ("person_id");