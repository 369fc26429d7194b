CREATE SEQUENCE "public"."waiting_list_order" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"seq" bigint DEFAULT nextval('waiting_list_order') NOT NULL,
	"hold_id" uuid,
	"offered_quantity" integer,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offered_by_hand" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waiting_list_entries_status_known" CHECK ("waiting_list_entries"."status" in ('waiting', 'offered', 'claimed', 'lapsed', 'left', 'closed')),
	CONSTRAINT "waiting_list_entries_quantity" CHECK ("waiting_list_entries"."quantity" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_list_offer_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "waiting_list" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_entries_one_live" ON "waiting_list_entries" USING btree ("user_id","ticket_type_id") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_entries_waiting" ON "waiting_list_entries" USING btree ("ticket_type_id","seq") WHERE "waiting_list_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waiting_list_entries_offered" ON "waiting_list_entries" USING btree ("hold_id") WHERE "waiting_list_entries"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waiting_list_entries_event" ON "waiting_list_entries" USING btree ("event_id","ticket_type_id");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_user" ON "waiting_list_entries" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waiting_list_offer_hours" CHECK ("events"."waiting_list_offer_hours" between 1 and 168);