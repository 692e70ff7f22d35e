ALTER TABLE "export_job" ADD COLUMN "replaced_char_count" integer;--> statement-breakpoint
ALTER TABLE "export_job" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "export_job_expires_at_idx" ON "export_job" USING btree ("expires_at") WHERE "export_job"."file_key" is not null;