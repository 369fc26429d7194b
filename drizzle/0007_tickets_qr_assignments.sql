CREATE TABLE "ticket_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"from_user_id" uuid,
	"from_name" text NOT NULL,
	"previous_attendee_name" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text,
	"recipient_email" text,
	"recipient_user_id" uuid,
	"channel" text NOT NULL,
	"share_token_hash" text,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "ticket_assignments_status_known" CHECK ("ticket_assignments"."status" in ('pending', 'delivered', 'claimed', 'undone')),
	CONSTRAINT "ticket_assignments_channel_known" CHECK ("ticket_assignments"."channel" in ('account', 'sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "ticket_signing_keys" (
	"kid" integer PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "ticket_signing_keys_kid_range" CHECK ("ticket_signing_keys"."kid" between 1 and 65535)
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "manual_code" text DEFAULT upper(substr(translate(md5(random()::text), '01', 'xy'), 1, 10)) NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_assignments" ADD CONSTRAINT "ticket_assignments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assignments" ADD CONSTRAINT "ticket_assignments_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assignments" ADD CONSTRAINT "ticket_assignments_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_assignments_ticket" ON "ticket_assignments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_assignments_idempotency" ON "ticket_assignments" USING btree ("from_user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_event_manual_code" ON "tickets" USING btree ("event_id","manual_code");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_generation_range" CHECK ("tickets"."generation" between 1 and 65535);