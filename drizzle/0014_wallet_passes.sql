CREATE TABLE "wallet_device_registrations" (
	"device_library_id" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"ticket_id" uuid NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_device_registrations_device_library_id_pass_type_id_ticket_id_pk" PRIMARY KEY("device_library_id","pass_type_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_google_objects" (
	"object_id" text PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wallet_device_registrations" ADD CONSTRAINT "wallet_device_registrations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_google_objects" ADD CONSTRAINT "wallet_google_objects_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_device_registrations_ticket" ON "wallet_device_registrations" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "wallet_google_objects_open" ON "wallet_google_objects" USING btree ("ticket_id") WHERE "wallet_google_objects"."closed_at" is null;