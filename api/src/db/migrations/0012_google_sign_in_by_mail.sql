ALTER TABLE "account_links" ADD COLUMN "issuer" text;--> statement-breakpoint
ALTER TABLE "account_links" ADD COLUMN "subject" text;