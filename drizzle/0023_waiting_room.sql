CREATE SEQUENCE "public"."waiting_arrivals" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "event_waiting_rooms" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sale_starts_at" timestamp with time zone NOT NULL,
	"checkout_capacity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_waiting_rooms_capacity" CHECK ("event_waiting_rooms"."checkout_capacity" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "waiting_places" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seq" bigint DEFAULT nextval('waiting_arrivals') NOT NULL,
	"early" boolean NOT NULL,
	"draw_key" double precision DEFAULT random() NOT NULL,
	"place" integer,
	"admitted_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_places_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "waiting_room_states" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"drawn_at" timestamp with time zone,
	"placed" integer DEFAULT 0 NOT NULL,
	"admitted_through" integer DEFAULT 0 NOT NULL,
	"admit_per_minute" double precision DEFAULT 0 NOT NULL,
	"all_held" boolean DEFAULT false NOT NULL,
	"sold_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_waiting_rooms" ADD CONSTRAINT "event_waiting_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_places" ADD CONSTRAINT "waiting_places_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_places" ADD CONSTRAINT "waiting_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_states" ADD CONSTRAINT "waiting_room_states_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_places_place" ON "waiting_places" USING btree ("event_id","place");--> statement-breakpoint
CREATE INDEX "waiting_places_unplaced" ON "waiting_places" USING btree ("event_id","seq") WHERE "waiting_places"."place" is null;--> statement-breakpoint
CREATE INDEX "waiting_places_admitted" ON "waiting_places" USING btree ("event_id","admitted_at") WHERE "waiting_places"."admitted_at" is not null;--> statement-breakpoint
CREATE INDEX "waiting_places_user" ON "waiting_places" USING btree ("user_id");