CREATE TABLE "business_subscriptions" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_checkout_id" text,
	"subscription_id" text,
	"customer_id" text,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_subscriptions_status_known" CHECK ("business_subscriptions"."status" in ('incomplete', 'active', 'past-due', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hold_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_checkout_id" text,
	"url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"attendees" jsonb NOT NULL,
	"contact_email" text,
	"currency" text NOT NULL,
	"tickets_minor" integer NOT NULL,
	"fees_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"included_tax_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"application_fee_minor" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_amount_minor" integer,
	"paid_currency" text,
	"payment_reference" text,
	"card_last4" text,
	"last_error" text,
	"booking_id" uuid,
	"problem" text,
	"refund_id" text,
	"disputed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "checkouts_status_known" CHECK ("checkouts"."status" in ('open', 'booked', 'expired', 'refunding', 'refunded', 'flagged')),
	CONSTRAINT "checkouts_amounts_not_negative" CHECK ("checkouts"."tickets_minor" >= 0 and "checkouts"."fees_minor" >= 0 and "checkouts"."tax_minor" >= 0 and "checkouts"."application_fee_minor" >= 0),
	CONSTRAINT "checkouts_total_is_sum" CHECK ("checkouts"."total_minor" = "checkouts"."tickets_minor" + "checkouts"."fees_minor" + "checkouts"."tax_minor")
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_state_known" CHECK ("payment_accounts"."state" in ('pending', 'active', 'restricted'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_payment_status_known";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fees_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tax_inclusive" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "payment_method" text DEFAULT 'venue' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD CONSTRAINT "business_subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_subscriptions_subscription" ON "business_subscriptions" USING btree ("provider","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_hold" ON "checkouts" USING btree ("hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_provider_checkout" ON "checkouts" USING btree ("provider","provider_checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_booking" ON "checkouts" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "checkouts_payment_reference" ON "checkouts" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "checkouts_open_expiry" ON "checkouts" USING btree ("expires_at") WHERE "checkouts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checkouts_event_problem" ON "checkouts" USING btree ("event_id") WHERE "checkouts"."problem" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_account" ON "payment_accounts" USING btree ("provider","account_id");--> statement-breakpoint
CREATE INDEX "payment_events_received" ON "payment_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_status_known" CHECK ("bookings"."payment_status" in ('not-required', 'unpaid', 'paid', 'refunded', 'disputed'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tax_rate" CHECK ("events"."tax_rate_bp" between 0 and 5000);--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_payment_method_known" CHECK ("ticket_types"."payment_method" in ('venue', 'card'));