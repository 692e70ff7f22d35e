CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cci_code" text COLLATE "C",
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chamber" (
	"cci_code" text COLLATE "C" PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_kana" text COLLATE "ja-x-icu",
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"company_code" text COLLATE "C" NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"name1" text GENERATED ALWAYS AS ((attributes ->> 'name1')) STORED,
	"name_kana" text COLLATE "ja-x-icu" GENERATED ALWAYS AS ((attributes ->> 'name_kana')) STORED,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "company_cci_code_company_code_key" UNIQUE("cci_code","company_code")
);
--> statement-breakpoint
CREATE TABLE "conference" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conference_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"parent_id" integer,
	"template_id" integer,
	"name" text NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"place" text,
	"answer_deadline" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"description" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allow_delegate" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "conference_status_check" CHECK ("conference"."status" in ('draft', 'published', 'closed', 'held', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "conference_company" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conference_company_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"conference_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"answer_content" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "conference_company_conference_id_company_id_key" UNIQUE("conference_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "conference_member" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conference_member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"conference_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"category" text DEFAULT 'principal' NOT NULL,
	"answer_content" text,
	"proxy_name" text,
	"proxy_title" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "conference_member_conference_id_member_id_key" UNIQUE("conference_id","member_id"),
	CONSTRAINT "conference_member_category_check" CHECK ("conference_member"."category" in ('principal', 'substitute', 'companion')),
	CONSTRAINT "conference_member_answer_content_check" CHECK ("conference_member"."answer_content" is null or "conference_member"."answer_content" in ('attend', 'absent', 'proxy_attend', 'delegate'))
);
--> statement-breakpoint
CREATE TABLE "conference_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conference_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"conference_template_code" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"default_body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "conference_template_cci_code_code_key" UNIQUE("cci_code","conference_template_code")
);
--> statement-breakpoint
CREATE TABLE "export_job" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"created_by" text NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"file_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "export_job_status_check" CHECK ("export_job"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "master_data" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "master_data_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"master_type_code" text COLLATE "C" NOT NULL,
	"master_code" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "master_data_cci_code_type_code_key" UNIQUE("cci_code","master_type_code","master_code")
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"company_id" integer NOT NULL,
	"company_code" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"name_kana" text COLLATE "ja-x-icu",
	"title" text,
	"email" text,
	"start_at" date,
	"end_at" date,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "position_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"member_id" integer NOT NULL,
	"position_type" text NOT NULL,
	"department_name" text,
	"position_name" text,
	"rank" integer DEFAULT 0 NOT NULL,
	"start_at" date,
	"end_at" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "position_position_type_check" CHECK ("position"."position_type" in ('CCI_OFFICER', 'CCI_SECTION', 'CCI_BRANCH', 'CCI_COMMITTEE', 'CCI_WOMEN_ASSOCIATION', 'CCI_YOUTH_DIVISION'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"username" text PRIMARY KEY NOT NULL,
	"cci_code" text COLLATE "C" NOT NULL,
	"user_type" text NOT NULL,
	"company_id" integer,
	"email" text,
	"display_name" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('CCI_ADMIN', 'CCI_CONFERENCE_USER', 'COMPANY_ADMIN')),
	CONSTRAINT "users_company_admin_company_check" CHECK ("users"."user_type" <> 'COMPANY_ADMIN' or "users"."company_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference" ADD CONSTRAINT "conference_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference" ADD CONSTRAINT "conference_parent_id_conference_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference" ADD CONSTRAINT "conference_template_id_conference_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."conference_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_company" ADD CONSTRAINT "conference_company_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_company" ADD CONSTRAINT "conference_company_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_company" ADD CONSTRAINT "conference_company_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_member" ADD CONSTRAINT "conference_member_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_member" ADD CONSTRAINT "conference_member_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_member" ADD CONSTRAINT "conference_member_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_member" ADD CONSTRAINT "conference_member_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_template" ADD CONSTRAINT "conference_template_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_job" ADD CONSTRAINT "export_job_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_data" ADD CONSTRAINT "master_data_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position" ADD CONSTRAINT "position_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position" ADD CONSTRAINT "position_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_cci_code_at_idx" ON "audit_log" USING btree ("cci_code","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "company_cci_code_id_idx" ON "company" USING btree ("cci_code","id");--> statement-breakpoint
CREATE INDEX "company_cci_code_name_kana_idx" ON "company" USING btree ("cci_code","name_kana");--> statement-breakpoint
CREATE INDEX "company_search_bigrams_idx" ON "company" USING gin (kaigi_bigrams("search_text"));--> statement-breakpoint
CREATE INDEX "conference_cci_code_event_date_idx" ON "conference" USING btree ("cci_code","event_date");--> statement-breakpoint
CREATE INDEX "conference_parent_id_idx" ON "conference" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "conference_template_id_idx" ON "conference" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "conference_company_company_id_idx" ON "conference_company" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "conference_member_conference_id_sort_idx" ON "conference_member" USING btree ("conference_id","sort");--> statement-breakpoint
CREATE INDEX "conference_member_company_id_conference_id_idx" ON "conference_member" USING btree ("company_id","conference_id");--> statement-breakpoint
CREATE INDEX "conference_member_member_id_idx" ON "conference_member" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "export_job_cci_code_created_at_idx" ON "export_job" USING btree ("cci_code","created_at");--> statement-breakpoint
CREATE INDEX "export_job_cci_code_created_by_idx" ON "export_job" USING btree ("cci_code","created_by");--> statement-breakpoint
CREATE INDEX "member_cci_code_company_code_idx" ON "member" USING btree ("cci_code","company_code");--> statement-breakpoint
CREATE INDEX "member_company_id_idx" ON "member" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "member_cci_code_id_idx" ON "member" USING btree ("cci_code","id");--> statement-breakpoint
CREATE INDEX "member_cci_code_name_kana_idx" ON "member" USING btree ("cci_code","name_kana");--> statement-breakpoint
CREATE INDEX "member_search_bigrams_idx" ON "member" USING gin (kaigi_bigrams("search_text"));--> statement-breakpoint
CREATE INDEX "position_member_id_idx" ON "position" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "position_cci_code_type_department_idx" ON "position" USING btree ("cci_code","position_type","department_name");--> statement-breakpoint
CREATE INDEX "users_cci_code_idx" ON "users" USING btree ("cci_code");--> statement-breakpoint
CREATE INDEX "users_company_id_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");