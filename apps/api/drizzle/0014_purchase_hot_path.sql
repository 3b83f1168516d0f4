CREATE TABLE "daily_outflows" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_outflows_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "daily_outflows" ADD CONSTRAINT "daily_outflows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;