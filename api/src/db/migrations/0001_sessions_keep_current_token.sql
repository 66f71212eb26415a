ALTER TABLE "auth_sessions" ADD COLUMN "current_jti" uuid;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
-- Students stay logged in: each session keeps its one unused refresh token.
UPDATE "auth_sessions" SET "current_jti" = t."jti" FROM "refresh_tokens" t WHERE t."session_id" = "auth_sessions"."id" AND t."used_at" IS NULL;--> statement-breakpoint
-- A session without an unused token has nothing left to refresh: it ends.
UPDATE "auth_sessions" SET "current_jti" = gen_random_uuid(), "revoked_at" = coalesce("revoked_at", now()) WHERE "current_jti" IS NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ALTER COLUMN "current_jti" SET NOT NULL;--> statement-breakpoint
DROP TABLE "refresh_tokens" CASCADE;
