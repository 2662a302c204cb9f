CREATE TABLE "delivery_alerts" (
	"account_id" uuid NOT NULL,
	"destination_key" text NOT NULL,
	"last_emailed_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"last_failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_alerts_account_id_destination_key_pk" PRIMARY KEY("account_id","destination_key")
);
--> statement-breakpoint
CREATE TABLE "delivery_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"response_excerpt" text
);
--> statement-breakpoint
CREATE TABLE "html_forms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"original_markup" text NOT NULL,
	"data" jsonb NOT NULL,
	"data_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"destination_type" text NOT NULL,
	"destination_key" text NOT NULL,
	"destination_name" text NOT NULL,
	"destination" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_alerts" ADD CONSTRAINT "delivery_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_delivery_id_lead_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "html_forms" ADD CONSTRAINT "html_forms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_attempts_delivery_id_idx" ON "delivery_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "html_forms_account_id_data_hash_unique" ON "html_forms" USING btree ("account_id","data_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_idempotency_key_unique" ON "lead_deliveries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "lead_deliveries_due_idx" ON "lead_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "lead_deliveries_lead_id_idx" ON "lead_deliveries" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_deliveries_account_id_state_idx" ON "lead_deliveries" USING btree ("account_id","state");--> statement-breakpoint
CREATE INDEX "webhooks_account_id_idx" ON "webhooks" USING btree ("account_id");