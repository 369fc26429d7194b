CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"strikes" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone
);
