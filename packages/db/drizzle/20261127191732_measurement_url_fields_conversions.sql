CREATE TABLE "conversion_apis" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"platform_id" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"test_event_code" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_digests" (
	"quiz_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lead_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_digests_quiz_id_day_pk" PRIMARY KEY("quiz_id","day")
);
--> statement-breakpoint
CREATE TABLE "lead_notification_unsubscribes" (
	"quiz_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_notification_unsubscribes_quiz_id_email_pk" PRIMARY KEY("quiz_id","email")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tracking_defaults" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "published_snapshots" ADD COLUMN "tracking" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "url_fields_cut" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "measurement" jsonb;--> statement-breakpoint
ALTER TABLE "visitor_events" ADD COLUMN "url_fields" jsonb;--> statement-breakpoint
ALTER TABLE "analytics_visits" ADD COLUMN "url_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversion_apis" ADD CONSTRAINT "conversion_apis_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_digests" ADD CONSTRAINT "lead_digests_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notification_unsubscribes" ADD CONSTRAINT "lead_notification_unsubscribes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_apis_account_id_idx" ON "conversion_apis" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "leads" RENAME COLUMN "utm" TO "url_fields";
