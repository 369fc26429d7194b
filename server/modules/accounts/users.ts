import { and, eq, isNull, sql } from "drizzle-orm";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { Identifier } from "./identifiers.ts";

export type UserRow = typeof users.$inferSelect;

/** The live (not deleted) account a phone number or email address belongs to. */
export async function findUserByIdentifier(
  db: Executor,
  identifier: Identifier,
): Promise<UserRow | undefined> {
  const match =
    identifier.kind === "phone"
      ? eq(users.phone, identifier.value)
      : eq(sql`lower(${users.email})`, identifier.value);
  const [user] = await db
    .select()
    .from(users)
    .where(and(match, isNull(users.deletedAt)))
    .limit(1);
  return user;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return user;
}
