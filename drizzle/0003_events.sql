CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"address" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_plan_known" CHECK ("businesses"."plan" in ('free', 'pro')),
	CONSTRAINT "businesses_status_known" CHECK ("businesses"."status" in ('active', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"from_plan" text NOT NULL,
	"to_plan" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"large" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"short_id" text NOT NULL,
	"business_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"venue_name" text NOT NULL,
	"venue_address" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"cover_image_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "events"."title"), 'A') || setweight(to_tsvector('english'::regconfig, "events"."venue_name" || ' ' || "events"."venue_address"), 'B') || setweight(to_tsvector('english'::regconfig, "events"."description"), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_ends_after_start" CHECK ("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_status_known" CHECK ("events"."status" in ('draft', 'published', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"per_order_limit" integer DEFAULT 10 NOT NULL,
	"sales_start_at" timestamp with time zone,
	"sales_end_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_types_price_not_negative" CHECK ("ticket_types"."price_minor" >= 0),
	CONSTRAINT "ticket_types_capacity_positive" CHECK ("ticket_types"."capacity" > 0),
	CONSTRAINT "ticket_types_taken_within_capacity" CHECK ("ticket_types"."taken" >= 0 and "ticket_types"."taken" <= "ticket_types"."capacity"),
	CONSTRAINT "ticket_types_per_order_limit" CHECK ("ticket_types"."per_order_limit" between 1 and 100),
	CONSTRAINT "ticket_types_sales_window" CHECK ("ticket_types"."sales_start_at" is null or "ticket_types"."sales_end_at" is null or "ticket_types"."sales_end_at" > "ticket_types"."sales_start_at")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_images" ADD CONSTRAINT "event_images_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cover_image_id_event_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."event_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_owner" ON "businesses" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "plan_changes_business" ON "plan_changes" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "events_short_id" ON "events" USING btree ("short_id");--> statement-breakpoint
CREATE INDEX "events_business" ON "events" USING btree ("business_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_published_start" ON "events" USING btree ("starts_at","id") WHERE "events"."status" = 'published';--> statement-breakpoint
CREATE INDEX "events_published_category_start" ON "events" USING btree ("category","starts_at") WHERE "events"."status" = 'published';--> statement-breakpoint
CREATE INDEX "events_search" ON "events" USING gin ("search");--> statement-breakpoint
CREATE INDEX "ticket_types_event" ON "ticket_types" USING btree ("event_id","position");