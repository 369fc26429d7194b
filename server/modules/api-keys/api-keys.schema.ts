import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ApiScope } from "#contract/api-keys.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";

/**
 * A business's API keys (decision 038). Only the key's SHA-256 is kept (`secretHash`,
 * looked up on every call), with its first characters to tell keys apart. A revoked key
 * stays listed, refused.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scopes: text("scopes").array().$type<ApiScope[]>().notNull(),
    secretHash: text("secret_hash").notNull(),
    start: text("start").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash").on(t.secretHash),
    index("api_keys_business").on(t.businessId, t.createdAt),
    check("api_keys_has_scope", sql`cardinality(${t.scopes}) > 0`),
  ],
);
