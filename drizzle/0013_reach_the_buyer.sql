CREATE TABLE "notice_fanout_recipients" (
	"fanout_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"link" text,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "notice_fanout_recipients_fanout_id_user_id_pk" PRIMARY KEY("fanout_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notice_fanouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"kind" text NOT NULL,
	"event_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"always" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "template_ref" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "notice_fanout_recipients" ADD CONSTRAINT "notice_fanout_recipients_fanout_id_notice_fanouts_id_fk" FOREIGN KEY ("fanout_id") REFERENCES "public"."notice_fanouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_fanout_recipients" ADD CONSTRAINT "notice_fanout_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_fanout_recipients_pending" ON "notice_fanout_recipients" USING btree ("fanout_id","user_id") WHERE "notice_fanout_recipients"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_fanouts_key" ON "notice_fanouts" USING btree ("key");--> statement-breakpoint
CREATE INDEX "notice_fanouts_event" ON "notice_fanouts" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_key" ON "notifications" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_messages_key" ON "outbound_messages" USING btree ("key");--> statement-breakpoint
CREATE INDEX "outbound_messages_source" ON "outbound_messages" USING btree ("source_id");