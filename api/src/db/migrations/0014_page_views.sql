CREATE TABLE "page_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"referrer_domain" text DEFAULT '' NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_views_day_path_referrer_domain_pk" PRIMARY KEY("day","path","referrer_domain")
);
