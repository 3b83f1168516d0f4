CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('avatar_original', 'avatar', 'avatar_thumb', 'swap_screenshot')),
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size_bytes" = octet_length("stored_files"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_owner_kind_idx" ON "stored_files" USING btree ("owner_id","kind");