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
import { users } from "#server/platform/auth/users.schema.ts";

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
