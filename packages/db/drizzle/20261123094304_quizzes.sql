CREATE TABLE "quizzes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"document" jsonb NOT NULL,
	"share_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quizzes_account_id_updated_at_idx" ON "quizzes" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quizzes_share_code_unique" ON "quizzes" USING btree ("share_code");