CREATE TABLE "upload" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upload_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cci_code" text COLLATE "C" NOT NULL,
	"key" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "upload_key_key" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_cci_code_chamber_cci_code_fk" FOREIGN KEY ("cci_code") REFERENCES "public"."chamber"("cci_code") ON DELETE no action ON UPDATE no action;