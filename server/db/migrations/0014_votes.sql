CREATE TABLE "ballot" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ballot_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"poll_id" integer NOT NULL,
	"conference_member_id" integer NOT NULL,
	"choice" text NOT NULL,
	"cast_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cast_by" text NOT NULL,
	CONSTRAINT "ballot_poll_id_conference_member_id_key" UNIQUE("poll_id","conference_member_id"),
	CONSTRAINT "ballot_choice_check" CHECK ("ballot"."choice" in ('yes', 'no', 'abstain'))
);
--> statement-breakpoint
CREATE TABLE "motion" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "motion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"conference_id" integer NOT NULL,
	"agenda_index" integer,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rule" jsonb DEFAULT '{"basis":"present","numerator":1,"denominator":2,"rule":"more_than","quorum":null}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"result" text,
	"chair_decision" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "motion_conference_id_number_key" UNIQUE("conference_id","number"),
	CONSTRAINT "motion_status_check" CHECK ("motion"."status" in ('draft', 'open', 'closed', 'declared')),
	CONSTRAINT "motion_result_check" CHECK ("motion"."result" is null or "motion"."result" in ('adopted', 'rejected')),
	CONSTRAINT "motion_chair_decision_check" CHECK ("motion"."chair_decision" is null or "motion"."chair_decision" in ('adopted', 'rejected')),
	CONSTRAINT "motion_declared_result_check" CHECK (("motion"."status" = 'declared') = ("motion"."result" is not null))
);
--> statement-breakpoint
CREATE TABLE "poll" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "poll_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"motion_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" text NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"entitled" jsonb NOT NULL,
	"hand_counts" jsonb,
	"counts" jsonb,
	"show_counts_live" boolean DEFAULT false NOT NULL,
	"override_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "poll_method_check" CHECK ("poll"."method" in ('show_of_hands', 'roll_call', 'secret')),
	CONSTRAINT "poll_status_check" CHECK ("poll"."status" in ('open', 'closed')),
	CONSTRAINT "poll_closed_check" CHECK (("poll"."status" = 'closed') = ("poll"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "poll_voter" (
	"poll_id" integer NOT NULL,
	"conference_member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delegate_to" integer,
	"voted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "poll_voter_poll_id_conference_member_id_pk" PRIMARY KEY("poll_id","conference_member_id"),
	CONSTRAINT "poll_voter_kind_check" CHECK ("poll_voter"."kind" in ('present', 'written', 'delegated')),
	CONSTRAINT "poll_voter_delegate_to_check" CHECK ("poll_voter"."delegate_to" is null or "poll_voter"."kind" = 'delegated')
);
--> statement-breakpoint
CREATE TABLE "secret_ballot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_id" integer NOT NULL,
	"choice" text NOT NULL,
	CONSTRAINT "secret_ballot_choice_check" CHECK ("secret_ballot"."choice" in ('yes', 'no', 'abstain'))
);
--> statement-breakpoint
CREATE TABLE "written_vote" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "written_vote_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"conference_member_id" integer NOT NULL,
	"motion_id" integer NOT NULL,
	"choice" text NOT NULL,
	"channel" text NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded" boolean DEFAULT false NOT NULL,
	"superseded_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "written_vote_conference_member_id_motion_id_key" UNIQUE("conference_member_id","motion_id"),
	CONSTRAINT "written_vote_choice_check" CHECK ("written_vote"."choice" in ('yes', 'no', 'abstain')),
	CONSTRAINT "written_vote_channel_check" CHECK ("written_vote"."channel" in ('portal', 'fax', 'phone', 'email', 'counter', 'paper'))
);
--> statement-breakpoint
ALTER TABLE "conference_member" ADD COLUMN "delegate_to" integer;--> statement-breakpoint
ALTER TABLE "ballot" ADD CONSTRAINT "ballot_poll_id_poll_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."poll"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot" ADD CONSTRAINT "ballot_conference_member_id_conference_member_id_fk" FOREIGN KEY ("conference_member_id") REFERENCES "public"."conference_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motion" ADD CONSTRAINT "motion_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motion" ADD CONSTRAINT "motion_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll" ADD CONSTRAINT "poll_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll" ADD CONSTRAINT "poll_motion_id_motion_id_fk" FOREIGN KEY ("motion_id") REFERENCES "public"."motion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_voter" ADD CONSTRAINT "poll_voter_poll_id_poll_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."poll"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_voter" ADD CONSTRAINT "poll_voter_conference_member_id_conference_member_id_fk" FOREIGN KEY ("conference_member_id") REFERENCES "public"."conference_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_ballot" ADD CONSTRAINT "secret_ballot_poll_id_poll_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."poll"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "written_vote" ADD CONSTRAINT "written_vote_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "written_vote" ADD CONSTRAINT "written_vote_conference_member_id_conference_member_id_fk" FOREIGN KEY ("conference_member_id") REFERENCES "public"."conference_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "written_vote" ADD CONSTRAINT "written_vote_motion_id_motion_id_fk" FOREIGN KEY ("motion_id") REFERENCES "public"."motion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "poll_motion_id_open_key" ON "poll" USING btree ("motion_id") WHERE "poll"."status" = 'open';--> statement-breakpoint
CREATE INDEX "poll_motion_id_idx" ON "poll" USING btree ("motion_id");--> statement-breakpoint
CREATE INDEX "secret_ballot_poll_id_idx" ON "secret_ballot" USING btree ("poll_id");--> statement-breakpoint
CREATE INDEX "written_vote_motion_id_idx" ON "written_vote" USING btree ("motion_id");--> statement-breakpoint
ALTER TABLE "conference_member" ADD CONSTRAINT "conference_member_delegate_to_conference_member_id_fk" FOREIGN KEY ("delegate_to") REFERENCES "public"."conference_member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_member" ADD CONSTRAINT "conference_member_delegate_to_check" CHECK ("conference_member"."delegate_to" <> "conference_member"."id");