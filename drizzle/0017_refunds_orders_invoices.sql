CREATE TABLE "invoice_counters" (
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_counters_business_id_kind_pk" PRIMARY KEY("business_id","kind"),
	CONSTRAINT "invoice_counters_kind_known" CHECK ("invoice_counters"."kind" in ('invoice', 'credit-note'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"booking_id" uuid NOT NULL,
	"refund_id" uuid,
	"credited_invoice_id" uuid,
	"document" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" in ('invoice', 'credit-note')),
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0),
	CONSTRAINT "invoices_credit_note_refers" CHECK (("invoices"."kind" = 'invoice') = ("invoices"."credited_invoice_id" is null and "invoices"."refund_id" is null))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"amount_minor" integer NOT NULL,
	"fees_minor" integer DEFAULT 0 NOT NULL,
	"kept_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"ticket_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"provider" text NOT NULL,
	"payment_reference" text NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('requested', 'pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_source_known" CHECK ("refunds"."source" in ('organizer', 'attendee', 'event-cancelled', 'account-deletion')),
	CONSTRAINT "refunds_amounts" CHECK ("refunds"."amount_minor" > 0 and "refunds"."fees_minor" between 0 and "refunds"."amount_minor" and "refunds"."kept_minor" >= 0 and "refunds"."attempt" >= 1)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_payment_status_known";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "invoices_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_deadline_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_fee_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("business_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_booking_invoice" ON "invoices" USING btree ("booking_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_booking" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_booking" ON "refunds" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_event" ON "refunds" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "refunds_requested" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_event_cancelled_once" ON "refunds" USING btree ("booking_id") WHERE "refunds"."source" = 'event-cancelled';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refunded_within_total" CHECK ("bookings"."refunded_minor" between 0 and "bookings"."total_minor");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_status_known" CHECK ("bookings"."payment_status" in ('not-required', 'unpaid', 'paid', 'partly-refunded', 'refunded', 'disputed'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cancellation_policy" CHECK ("events"."cancellation_deadline_hours" between 0 and 8760 and "events"."cancellation_fee_percent" between 0 and 100);--> statement-breakpoint
CREATE FUNCTION "invoices_never_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued invoice or credit note is never changed or deleted' USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_never_change"();
