-- Issue 29 "Limits": request counters every API process shares (server/lib/shared-rate-limit.ts), and
-- the Idempotency-Key of a room link's POST, so a retried 発行する returns the link it already made.
CREATE TABLE "rate_limit_counter" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_link" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE INDEX "rate_limit_counter_reset_at_idx" ON "rate_limit_counter" USING btree ("reset_at");--> statement-breakpoint
CREATE UNIQUE INDEX "room_link_idempotency_key" ON "room_link" USING btree ("conference_id","created_by","idempotency_key") WHERE "room_link"."idempotency_key" is not null;