import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
