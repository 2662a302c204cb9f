CREATE TABLE "images" (
	"s3_key" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "published_snapshots" ADD COLUMN "max_score" integer;--> statement-breakpoint
ALTER TABLE "published_snapshots" ADD COLUMN "max_score_exact" boolean;--> statement-breakpoint
ALTER TABLE "published_snapshots" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "published_snapshots" ADD COLUMN "retired_by" text;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_account_id_idx" ON "images" USING btree ("account_id");--> statement-breakpoint
-- Leads stored twice for one visit before this rule keep their rows: the later copies get a visit id no
-- visitor can send ('#' is outside the visit id alphabet), so the unique index can be built without deleting a lead.
UPDATE "leads" SET "visit_id" = "leads"."visit_id" || '#' || "leads"."id"
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "quiz_id", "visit_id" ORDER BY "created_at", "id") AS "copy"
	FROM "leads"
) AS "numbered"
WHERE "numbered"."id" = "leads"."id" AND "numbered"."copy" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_quiz_id_visit_id_unique" ON "leads" USING btree ("quiz_id","visit_id");