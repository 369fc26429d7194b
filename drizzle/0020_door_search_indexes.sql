CREATE INDEX "bookings_event_contact_phone_suffix" ON "bookings" USING btree ("event_id",reverse("contact_phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tickets_attendee_name_trgm" ON "tickets" USING gin ("attendee_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tickets_event_attendee_prefix" ON "tickets" USING btree ("event_id",lower("attendee_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tickets_event_desk_order" ON "tickets" USING btree ("event_id",("status" <> 'valid'),"attendee_name","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_phone_suffix" ON "users" USING btree (reverse("phone") text_pattern_ops);