CREATE TABLE "notification" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"conference_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"to" text,
	"subject" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"days_before" integer,
	"scheduled_for" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_kind_check" CHECK ("notification"."kind" in ('invitation', 'reminder', 'change', 'cancel', 'receipt', 'manual')),
	CONSTRAINT "notification_status_check" CHECK ("notification"."status" in ('scheduled', 'queued', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "chamber" ADD COLUMN "mail_contact" text;--> statement-breakpoint
ALTER TABLE "conference" ADD COLUMN "reminder_days" integer[] DEFAULT '{3,1}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "conference_member" ADD COLUMN "answer_channel" text;--> statement-breakpoint
ALTER TABLE "conference_member" ADD COLUMN "answer_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conference_member" ADD COLUMN "answered_late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_cci_code_created_at_idx" ON "notification" USING btree ("cci_code","created_at");--> statement-breakpoint
CREATE INDEX "notification_conference_id_created_at_idx" ON "notification" USING btree ("conference_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_company_id_idx" ON "notification" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "notification_scheduled_for_idx" ON "notification" USING btree ("scheduled_for") WHERE "notification"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "conference_member" ADD CONSTRAINT "conference_member_answer_channel_check" CHECK ("conference_member"."answer_channel" is null or "conference_member"."answer_channel" in ('portal', 'fax', 'phone', 'email', 'counter', 'paper'));--> statement-breakpoint
-- answers given before channels existed: a company admin's is a portal answer; a staff answer's channel is unknown (null)
UPDATE "conference_member" cm SET "answer_channel" = 'portal', "answer_received_at" = cm."answered_at"
 WHERE cm."answer_content" IS NOT NULL
   AND EXISTS (SELECT 1 FROM "users" u WHERE u."username" = cm."answered_by" AND u."user_type" = 'COMPANY_ADMIN');
