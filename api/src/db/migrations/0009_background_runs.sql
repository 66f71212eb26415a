CREATE TABLE "background_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"succeeded_at" timestamp with time zone NOT NULL
);

--> statement-breakpoint
-- The alert on the sweep (deploy/prometheus/alerts.yml) counts from the deployment.
INSERT INTO "background_runs" ("name", "succeeded_at") VALUES ('erasure-sweep', now());
