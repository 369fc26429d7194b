CREATE TABLE "attendee_message_recipients" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"delivered_at" timestamp with time zone,
	"emailed" boolean DEFAULT false NOT NULL,
	"texted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "attendee_message_recipients_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "attendee_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"sender_user_id" uuid,
	"ticket_type_ids" uuid[],
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sms_allowed" boolean NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"emails" integer DEFAULT 0 NOT NULL,
	"sms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "attendee_messages_status_known" CHECK ("attendee_messages"."status" in ('sending', 'sent')),
	CONSTRAINT "attendee_messages_delivered_within_total" CHECK ("attendee_messages"."delivered" <= "attendee_messages"."total")
);
--> statement-breakpoint
ALTER TABLE "attendee_message_recipients" ADD CONSTRAINT "attendee_message_recipients_message_id_attendee_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."attendee_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_message_recipients" ADD CONSTRAINT "attendee_message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendee_message_recipients_pending" ON "attendee_message_recipients" USING btree ("message_id","user_id") WHERE "attendee_message_recipients"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "attendee_messages_business" ON "attendee_messages" USING btree ("business_id","created_at");