CREATE TABLE "analytics_counters" (
	"quiz_id" uuid NOT NULL,
	"day" date NOT NULL,
	"version" integer NOT NULL,
	"metric" text NOT NULL,
	"item" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_counters_quiz_id_day_version_metric_item_pk" PRIMARY KEY("quiz_id","day","version","metric","item")
);
--> statement-breakpoint
CREATE TABLE "analytics_visit_answers" (
	"quiz_id" uuid NOT NULL,
	"visit_id" text NOT NULL,
	"question_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	CONSTRAINT "analytics_visit_answers_quiz_id_visit_id_question_id_pk" PRIMARY KEY("quiz_id","visit_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_visit_screens" (
	"quiz_id" uuid NOT NULL,
	"visit_id" text NOT NULL,
	"screen" text NOT NULL,
	CONSTRAINT "analytics_visit_screens_quiz_id_visit_id_screen_pk" PRIMARY KEY("quiz_id","visit_id","screen")
);
--> statement-breakpoint
CREATE TABLE "analytics_visits" (
	"quiz_id" uuid NOT NULL,
	"visit_id" text NOT NULL,
	"snapshot_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"day" date NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"last_item" text,
	"utm_source" text,
	"utm_campaign" text,
	"outcome_id" integer,
	"score" integer,
	CONSTRAINT "analytics_visits_quiz_id_visit_id_pk" PRIMARY KEY("quiz_id","visit_id")
);
--> statement-breakpoint
ALTER TABLE "visitor_events" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "visitor_events" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
CREATE INDEX "analytics_visits_quiz_started_idx" ON "analytics_visits" USING btree ("quiz_id","started_at","visit_id");--> statement-breakpoint
CREATE INDEX "visitor_events_quiz_id_id_idx" ON "visitor_events" USING btree ("quiz_id","id");