CREATE TABLE "moved_quiz_addresses" (
	"host" text NOT NULL,
	"slug" text NOT NULL,
	"quiz_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moved_quiz_addresses_host_slug_pk" PRIMARY KEY("host","slug")
);
--> statement-breakpoint
ALTER TABLE "moved_quiz_addresses" ADD CONSTRAINT "moved_quiz_addresses_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moved_quiz_addresses_quiz_id_idx" ON "moved_quiz_addresses" USING btree ("quiz_id");