CREATE TABLE "account_scripts" (
	"account_id" uuid NOT NULL,
	"event" text NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_scripts_account_id_event_pk" PRIMARY KEY("account_id","event")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"snapshot_id" uuid NOT NULL,
	"snapshot_version" integer NOT NULL,
	"visit_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"consent" boolean NOT NULL,
	"consent_text" text,
	"outcome_id" integer,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"utm" jsonb NOT NULL,
	"ip_hash" text NOT NULL,
	"delivery_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_quizzes" (
	"quiz_id" uuid PRIMARY KEY NOT NULL,
	"snapshot_id" uuid NOT NULL,
	"host" text NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "published_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"quiz_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"slug" text NOT NULL,
	"host" text NOT NULL,
	"document" jsonb NOT NULL,
	"scripts" jsonb NOT NULL,
	"show_powered_by_badge" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_scripts" (
	"quiz_id" uuid NOT NULL,
	"event" text NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_scripts_quiz_id_event_pk" PRIMARY KEY("quiz_id","event")
);
--> statement-breakpoint
CREATE TABLE "visitor_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quiz_id" uuid NOT NULL,
	"snapshot_id" uuid NOT NULL,
	"visit_id" text NOT NULL,
	"type" text NOT NULL,
	"question_id" integer,
	"answer_id" integer,
	"outcome_id" integer,
	"score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_scripts" ADD CONSTRAINT "account_scripts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_quizzes" ADD CONSTRAINT "live_quizzes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_quizzes" ADD CONSTRAINT "live_quizzes_snapshot_id_published_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."published_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_snapshots" ADD CONSTRAINT "published_snapshots_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_snapshots" ADD CONSTRAINT "published_snapshots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_scripts" ADD CONSTRAINT "quiz_scripts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_host_unique" ON "domains" USING btree ("host");--> statement-breakpoint
CREATE INDEX "domains_account_id_idx" ON "domains" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "leads_quiz_id_created_at_idx" ON "leads" USING btree ("quiz_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_delivery_status_idx" ON "leads" USING btree ("delivery_status");--> statement-breakpoint
CREATE UNIQUE INDEX "live_quizzes_host_slug_unique" ON "live_quizzes" USING btree ("host","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "published_snapshots_quiz_version_unique" ON "published_snapshots" USING btree ("quiz_id","version");--> statement-breakpoint
CREATE INDEX "visitor_events_quiz_id_type_idx" ON "visitor_events" USING btree ("quiz_id","type");