CREATE TABLE "minutes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "minutes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"conference_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"finalised_at" timestamp with time zone,
	"finalised_by" text,
	"sha256" text,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "minutes_conference_id_version_key" UNIQUE("conference_id","version"),
	CONSTRAINT "minutes_status_check" CHECK ("minutes"."status" in ('draft', 'final')),
	CONSTRAINT "minutes_final_check" CHECK (("minutes"."status" = 'final') = ("minutes"."finalised_at" is not null and "minutes"."sha256" is not null)),
	CONSTRAINT "minutes_final_content_check" CHECK ("minutes"."sha256" is null or "minutes"."sha256" = encode(sha256(convert_to("minutes"."content"::text, 'UTF8')), 'hex')),
	CONSTRAINT "minutes_published_check" CHECK (not "minutes"."published" or "minutes"."status" = 'final')
);
--> statement-breakpoint
ALTER TABLE "minutes" ADD CONSTRAINT "minutes_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minutes" ADD CONSTRAINT "minutes_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;