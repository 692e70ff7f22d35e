CREATE TABLE "app_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"cci_code" text COLLATE "C" NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"agenda" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_agenda" integer,
	"online_url" text,
	"panels" jsonb DEFAULT '{"chat":true,"comment":true}'::jsonb NOT NULL,
	"stopwatch_running" boolean DEFAULT false NOT NULL,
	"stopwatch_elapsed_ms" bigint DEFAULT 0 NOT NULL,
	"stopwatch_started_at" timestamp with time zone,
	"stopwatch_label" text DEFAULT 'elapsed' NOT NULL,
	"event_seq" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "room_status_check" CHECK ("room"."status" in ('waiting', 'open', 'ended')),
	CONSTRAINT "room_stopwatch_label_check" CHECK ("room"."stopwatch_label" in ('speaking', 'elapsed'))
);
--> statement-breakpoint
CREATE TABLE "room_chat" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_chat_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"conference_id" integer NOT NULL,
	"sender_key" text NOT NULL,
	"sender_kind" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_org" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "room_comment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_comment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"conference_id" integer NOT NULL,
	"sender_key" text NOT NULL,
	"sender_kind" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_org" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "room_comment_status_check" CHECK ("room_comment"."status" in ('new', 'answered', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "room_event" (
	"conference_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_event_conference_id_seq_pk" PRIMARY KEY("conference_id","seq"),
	CONSTRAINT "room_event_audience_check" CHECK ("room_event"."audience" in ('all', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "room_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"conference_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"conference_member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "room_link_kind_check" CHECK ("room_link"."kind" in ('guest', 'user')),
	CONSTRAINT "room_link_user_member_check" CHECK ("room_link"."kind" <> 'user' or "room_link"."conference_member_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "room_ticket" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"username" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room" ADD CONSTRAINT "room_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room" ADD CONSTRAINT "room_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat" ADD CONSTRAINT "room_chat_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat" ADD CONSTRAINT "room_chat_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_comment" ADD CONSTRAINT "room_comment_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_comment" ADD CONSTRAINT "room_comment_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_event" ADD CONSTRAINT "room_event_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_link" ADD CONSTRAINT "room_link_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_link" ADD CONSTRAINT "room_link_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_link" ADD CONSTRAINT "room_link_conference_member_id_conference_member_id_fk" FOREIGN KEY ("conference_member_id") REFERENCES "public"."conference_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_ticket" ADD CONSTRAINT "room_ticket_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_chat_conference_id_id_idx" ON "room_chat" USING btree ("conference_id","id");--> statement-breakpoint
CREATE INDEX "room_chat_conference_id_sender_key_id_idx" ON "room_chat" USING btree ("conference_id","sender_key","id");--> statement-breakpoint
CREATE INDEX "room_comment_conference_id_id_idx" ON "room_comment" USING btree ("conference_id","id");--> statement-breakpoint
CREATE INDEX "room_comment_conference_id_sender_key_idx" ON "room_comment" USING btree ("conference_id","sender_key");--> statement-breakpoint
CREATE INDEX "room_link_conference_id_idx" ON "room_link" USING btree ("conference_id");--> statement-breakpoint
CREATE INDEX "room_ticket_expires_at_idx" ON "room_ticket" USING btree ("expires_at");