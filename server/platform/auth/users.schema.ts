import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const userRoles = ["admin"] as const;
export type UserRole = (typeof userRoles)[number];

export type UserPreferences = {
  theme?: "light" | "dark" | "auto";
  language?: string;
  notifyBy?: { email: boolean; sms: boolean };
};

/**
 * A person. Phone (E.164) is how they register; email is optional until verified.
 * Deleting an account erases the personal columns and sets deletedAt, keeping the row
 * so that bookings stay anonymised; the phone may then register again.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    phone: text("phone"),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    email: text("email"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    name: text("name"),
    /** argon2id; null for people who only sign in through an external provider. */
    passwordHash: text("password_hash"),
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    preferences: jsonb("preferences").$type<UserPreferences>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_phone_live").on(t.phone).where(sql`${t.deletedAt} is null`),
    uniqueIndex("users_email_live").on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    // The door desk finds a holder by any part of the name (pg_trgm) or by the last digits
    // of the phone: `reverse(phone) like '4321%'` is a prefix an ordered index serves.
    index("users_name_trgm").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("users_phone_suffix").on(sql`reverse(${t.phone}) text_pattern_ops`),
  ],
);
