CREATE TABLE "event_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"discount_kind" text NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"max_uses" integer,
	"max_per_person" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_codes_discount_kind" CHECK ("event_codes"."discount_kind" in ('percent', 'fixed', 'none')),
	CONSTRAINT "event_codes_discount_value" CHECK (("event_codes"."discount_kind" = 'percent' and "event_codes"."discount_value" between 1 and 100)
        or ("event_codes"."discount_kind" = 'fixed' and "event_codes"."discount_value" > 0)
        or ("event_codes"."discount_kind" = 'none' and "event_codes"."discount_value" = 0)),
	CONSTRAINT "event_codes_max_uses" CHECK ("event_codes"."max_uses" is null or "event_codes"."max_uses" >= 1),
	CONSTRAINT "event_codes_max_per_person" CHECK ("event_codes"."max_per_person" is null or "event_codes"."max_per_person" >= 1),
	CONSTRAINT "event_codes_valid_window" CHECK ("event_codes"."valid_from" is null or "event_codes"."valid_until" is null or "event_codes"."valid_until" > "event_codes"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hold_items" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "holds" ADD COLUMN "code_id" uuid;--> statement-breakpoint
ALTER TABLE "event_codes" ADD CONSTRAINT "event_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_codes_event_code" ON "event_codes" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "event_codes_event" ON "event_codes" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_code_id_event_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."event_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holds_code" ON "holds" USING btree ("code_id","user_id") WHERE "holds"."code_id" is not null;--> statement-breakpoint
ALTER TABLE "hold_items" ADD CONSTRAINT "hold_items_discount" CHECK ("hold_items"."discount_minor" >= 0 and "hold_items"."unit_price_minor" >= 0);