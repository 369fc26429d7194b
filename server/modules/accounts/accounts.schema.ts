import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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
  ],
);

/** An account at an external OpenID Connect provider, linked to one user. */
export const externalIdentities = pgTable(
  "external_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index("external_identities_user").on(t.userId),
  ],
);

export const codePurposes = [
  "register",
  "sign_in",
  "password_reset",
  "password_reset_link",
  "phone_change",
  "email_verify",
  "reauth",
] as const;
export type CodePurpose = (typeof codePurposes)[number];

/**
 * A one-time code or link token sent by SMS or email. Only its HMAC is stored. Single
 * use (consumedAt), limited attempts, short life. `payload` carries what the code
 * confirms (e.g. a pending registration, or the new phone number).
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose").$type<CodePurpose>().notNull(),
    channel: text("channel").$type<"sms" | "email">().notNull(),
    destination: text("destination").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    index("verification_codes_lookup").on(t.purpose, t.destination, t.createdAt),
    uniqueIndex("verification_codes_hash").on(t.codeHash),
  ],
);
