CREATE TABLE "ticket_status_counts" (
	"ticket_type_id" uuid NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "ticket_status_counts_ticket_type_id_status_shard_pk" PRIMARY KEY("ticket_type_id","status","shard"),
	CONSTRAINT "ticket_status_counts_status_known" CHECK ("ticket_status_counts"."status" in ('valid', 'checked-in', 'cancelled'))
);
--> statement-breakpoint
DROP INDEX "bookings_event";--> statement-breakpoint
DROP INDEX "check_ins_event_time";--> statement-breakpoint
ALTER TABLE "ticket_status_counts" ADD CONSTRAINT "ticket_status_counts_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_conflicts_event_admitted" ON "check_in_conflicts" USING btree ("event_id","admitted_at","id");--> statement-breakpoint
CREATE INDEX "check_ins_live_staff" ON "check_ins" USING btree ("event_id","staff_user_id","staff_name","method") WHERE "check_ins"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "check_ins_live_time" ON "check_ins" USING btree ("event_id","created_at") WHERE "check_ins"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "check_ins_undone" ON "check_ins" USING btree ("event_id") WHERE "check_ins"."undone_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_event_id" ON "tickets" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "bookings_event" ON "bookings" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "check_ins_event_time" ON "check_ins" USING btree ("event_id","created_at","id");