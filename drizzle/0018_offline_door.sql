CREATE TABLE "check_in_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"kept_check_in_id" uuid,
	"reason" text NOT NULL,
	"staff_user_id" uuid,
	"staff_name" text NOT NULL,
	"device_id" text NOT NULL,
	"admitted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_conflicts_reason_known" CHECK ("check_in_conflicts"."reason" in ('already-in', 'cancelled', 'given-away'))
);
--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_kind_known";--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "offline_search_limit" integer DEFAULT 25000 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "door_xid" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_kept_check_in_id_check_ins_id_fk" FOREIGN KEY ("kept_check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_conflicts_event" ON "check_in_conflicts" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "check_in_conflicts_ticket" ON "check_in_conflicts" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_event_door_change" ON "tickets" USING btree ("event_id","door_xid");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_kind_known" CHECK ("alerts"."kind" in ('owner-message', 'almost-sold-out', 'sold-out', 'scan-burst', 'event-changed', 'event-cancelled', 'payment-problem', 'door-conflict'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_offline_search_limit" CHECK ("events"."offline_search_limit" between 0 and 1000000);--> statement-breakpoint
-- What an offline door keeps of a ticket changed: note the changing transaction, so a
-- device's next sync (tickets changed since the oldest transaction running at its last
-- one) cannot miss it, whichever statement made the change (decision 030).
CREATE FUNCTION tickets_door_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.door_xid := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tickets_door_change BEFORE UPDATE OF status, generation, manual_code, attendee_name, ticket_type_id ON tickets
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.generation IS DISTINCT FROM NEW.generation OR OLD.manual_code IS DISTINCT FROM NEW.manual_code OR OLD.attendee_name IS DISTINCT FROM NEW.attendee_name OR OLD.ticket_type_id IS DISTINCT FROM NEW.ticket_type_id)
  EXECUTE FUNCTION tickets_door_change();
