-- issue 33: the chamber as the sender of its mail (sender name, Reply-To); 入会日 of a company
ALTER TABLE "chamber" ADD COLUMN "mail_sender_name" text;--> statement-breakpoint
ALTER TABLE "chamber" ADD COLUMN "mail_reply_to" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "joined_on" date;