ALTER TABLE "conference" ADD COLUMN "quorum" jsonb;--> statement-breakpoint
ALTER TABLE "conference_member" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conference_member" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "conference_member" ADD COLUMN "attended_by" text;--> statement-breakpoint
ALTER TABLE "conference_member" ADD COLUMN "walk_in" boolean DEFAULT false NOT NULL;