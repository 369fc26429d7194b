import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type {
  WebhookBodyType,
  WebhookDeliveryStatus,
  WebhookEventType,
} from "#contract/webhooks.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";

/**
 * A business's webhook endpoints (decision 039). The signing secret is kept as it is: it
 * signs every body, so it must be readable (the owner reads it on the console too).
 * `failingSince` is the first failed attempt since the last success; an endpoint whose
 * deliveries fail for the whole retry window is switched off (`enabled` false, with the
 * reason) and its owner told.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().$type<WebhookEventType[]>().notNull(),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_endpoints_business").on(t.businessId, t.createdAt),
    check("webhook_endpoints_has_event", sql`cardinality(${t.events}) > 0`),
  ],
);

/**
 * One event to one endpoint: the queue of deliveries and their log. Written in the
 * transaction of what happened (`emitWebhook`), one row per endpoint that wants it, unique
 * per endpoint and event, so an event is delivered once per endpoint however often the
 * worker meets it. `body` is the exact bytes sent on every attempt. The worker claims due
 * rows (`pending`, `nextAttemptAt` passed, no live `leaseUntil`) `FOR UPDATE SKIP LOCKED`
 * and leases them for the length of an attempt: a worker killed mid-attempt leaves a lease
 * that lapses, and the row is tried again. `windowStart` starts the 3 days of retries (the
 * event, or "send again").
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The `webhook-id` header: one per event, shared by every endpoint it goes to. */
    eventId: text("event_id").notNull(),
    type: text("type").$type<WebhookBodyType>().notNull(),
    body: text("body").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event").on(t.endpointId, t.eventId),
    index("webhook_deliveries_endpoint_created").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_due").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
