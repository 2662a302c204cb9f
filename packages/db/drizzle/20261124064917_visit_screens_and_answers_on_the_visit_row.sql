-- A visit's screens and answers move onto its row: one row update a visit per batch instead of an insert per screen and answer.
ALTER TABLE "analytics_visits" ADD COLUMN "screens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_visits" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "analytics_visits" v SET "screens" = s.screens
  FROM (SELECT quiz_id, visit_id, array_agg(screen ORDER BY screen) AS screens FROM "analytics_visit_screens" GROUP BY quiz_id, visit_id) s
  WHERE v.quiz_id = s.quiz_id AND v.visit_id = s.visit_id;--> statement-breakpoint
UPDATE "analytics_visits" v SET "answers" = a.answers
  FROM (SELECT quiz_id, visit_id, jsonb_object_agg(question_id::text, answer_id) AS answers FROM "analytics_visit_answers" GROUP BY quiz_id, visit_id) a
  WHERE v.quiz_id = a.quiz_id AND v.visit_id = a.visit_id;--> statement-breakpoint
DROP TABLE "analytics_visit_answers" CASCADE;--> statement-breakpoint
DROP TABLE "analytics_visit_screens" CASCADE;
