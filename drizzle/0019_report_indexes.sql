DROP INDEX "tickets_event";--> statement-breakpoint
CREATE INDEX "check_ins_live_staff" ON "check_ins" USING btree ("event_id","staff_user_id","staff_name","method") WHERE "check_ins"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "check_ins_live_time" ON "check_ins" USING btree ("event_id","created_at") WHERE "check_ins"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "check_ins_undone" ON "check_ins" USING btree ("event_id") WHERE "check_ins"."undone_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_event" ON "tickets" USING btree ("event_id","status","ticket_type_id");