CREATE TABLE "alert_acknowledgements" (
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_acknowledgements_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alert_teams" (
	"alert_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	CONSTRAINT "alert_teams_alert_id_team_id_pk" PRIMARY KEY("alert_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"business_id" uuid NOT NULL,
	"event_id" uuid,
	"kind" text NOT NULL,
	"urgency" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sender_user_id" uuid,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_kind_known" CHECK ("alerts"."kind" in ('owner-message', 'almost-sold-out', 'sold-out', 'scan-burst', 'event-changed', 'event-cancelled')),
	CONSTRAINT "alerts_urgency_known" CHECK ("alerts"."urgency" in ('normal', 'urgent'))
);
--> statement-breakpoint
ALTER TABLE "alert_acknowledgements" ADD CONSTRAINT "alert_acknowledgements_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_acknowledgements" ADD CONSTRAINT "alert_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_teams" ADD CONSTRAINT "alert_teams_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_teams" ADD CONSTRAINT "alert_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_teams_team" ON "alert_teams" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_seq" ON "alerts" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_dedupe" ON "alerts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "alerts_business" ON "alerts" USING btree ("business_id","seq");