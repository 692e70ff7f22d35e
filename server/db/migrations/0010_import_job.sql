CREATE TABLE "import_job" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"created_by" text NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"skip_invalid" boolean NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"error_code" text,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"counts" jsonb,
	"errors" jsonb,
	"warnings" jsonb,
	"preview" jsonb,
	"error_file_key" text,
	"applied_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_job_status_check" CHECK ("import_job"."status" in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "import_job_type_check" CHECK ("import_job"."type" in ('companies', 'members', 'positions'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "import_job_id" integer;--> statement-breakpoint
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_job_cci_code_created_at_idx" ON "import_job" USING btree ("cci_code","created_at");--> statement-breakpoint
CREATE INDEX "import_job_cci_code_created_by_idx" ON "import_job" USING btree ("cci_code","created_by");