ALTER TABLE "account_links" ADD COLUMN "issuer" text;--> statement-breakpoint
ALTER TABLE "account_links" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "via" text DEFAULT 'password' NOT NULL;