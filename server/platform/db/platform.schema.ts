import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Small facts the platform keeps about itself (e.g. whether demo data was seeded). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters, one row per key (e.g. `sign_in:ip:1.2.3.4`): hits in the current
 * window, and for rules with growing delays the strikes so far and the block they earned.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
  strikes: integer("strikes").notNull().default(0),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
});

/**
 * Writes made with an `Idempotency-Key` (decision 038), one row per caller and key, kept
 * 24 hours: the request's fingerprint (function and body), and once it is done the
 * answer it got, which a repeat is given again. `running` until then: a repeat meanwhile
 * is refused (409), and a row whose lease ran out (its request died) may be taken over.
 */
export const idempotentCalls = pgTable(
  "idempotent_calls",
  {
    /** Who may repeat it: `api-key:{id}`. */
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    functionName: text("function_name").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state").$type<"running" | "done">().notNull(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
    httpCode: integer("http_code"),
    /** The answer's JSON text, as it was sent. */
    response: text("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.caller, t.key] }),
    index("idempotent_calls_created").on(t.createdAt),
  ],
);
