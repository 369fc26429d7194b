DROP INDEX "bookings_event";--> statement-breakpoint
DROP INDEX "check_ins_event_time";--> statement-breakpoint
CREATE INDEX "check_in_conflicts_event_admitted" ON "check_in_conflicts" USING btree ("event_id","admitted_at","id");--> statement-breakpoint
CREATE INDEX "tickets_event_id" ON "tickets" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "bookings_event" ON "bookings" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "check_ins_event_time" ON "check_ins" USING btree ("event_id","created_at","id");