CREATE TABLE "import_change" (
	"import_job_id" integer NOT NULL,
	"row" integer NOT NULL,
	"result" text NOT NULL,
	"changes" jsonb NOT NULL,
	CONSTRAINT "import_change_import_job_id_row_pk" PRIMARY KEY("import_job_id","row"),
	CONSTRAINT "import_change_result_check" CHECK ("import_change"."result" in ('created', 'updated'))
);
--> statement-breakpoint
ALTER TABLE "import_change" ADD CONSTRAINT "import_change_import_job_id_import_job_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_job"("id") ON DELETE cascade ON UPDATE no action;