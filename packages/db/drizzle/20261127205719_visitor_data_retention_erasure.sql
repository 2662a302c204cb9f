CREATE TABLE "data_erasures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"leads" integer NOT NULL,
	"events" integer NOT NULL,
	"deliveries" integer NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "data_erasures" ADD CONSTRAINT "data_erasures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_erasures_account_id_idx" ON "data_erasures" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "leads_account_id_lower_email_idx" ON "leads" USING btree ("account_id",lower("email"));