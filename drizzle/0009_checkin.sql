CREATE TABLE "check_in_scans" (
	"user_id" uuid NOT NULL,
	"scan_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"verdict" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_scans_user_id_scan_id_pk" PRIMARY KEY("user_id","scan_id")
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"staff_user_id" uuid,
	"staff_name" text NOT NULL,
	"device_id" text NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_name" text,
	"undo_reason" text,
	CONSTRAINT "check_ins_method_known" CHECK ("check_ins"."method" in ('scan', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "check_in_scans" ADD CONSTRAINT "check_in_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_scans_time" ON "check_in_scans" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_live_per_ticket" ON "check_ins" USING btree ("ticket_id") WHERE "check_ins"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "check_ins_event_time" ON "check_ins" USING btree ("event_id","created_at");