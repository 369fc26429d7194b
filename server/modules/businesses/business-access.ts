import { eq, type SQL, sql } from "drizzle-orm";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { businesses } from "./businesses.schema.ts";

export type Business = typeof businesses.$inferSelect;

/** The business `userId` owns, or null. */
export async function findOwnedBusiness(db: Executor, userId: string): Promise<Business | null> {
  const [row] = await db.select().from(businesses).where(eq(businesses.ownerId, userId));
  return row ?? null;
}

/** Whether `userId` owns a business, as a boolean SQL value (for the viewer's one read). */
export function ownsABusiness(userId: string): SQL {
  return sql`exists(select 1 from businesses b where b.owner_id = ${userId}::uuid)`;
}

/**
 * The business `userId` owns; FAILED_PRECONDITION when they own none (the console sends
 * them to /business/form), PERMISSION_DENIED when it is suspended.
 */
export async function requireOwnedBusiness(db: Executor, userId: string): Promise<Business> {
  const business = await findOwnedBusiness(db, userId);
  if (!business) {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      "You do not have a business yet. Apply on the business form first.",
      { reason: "no-business" },
    );
  }
  if (business.status === "suspended") {
    throw new FunctionError(
      "PERMISSION_DENIED",
      "Your business is suspended. Contact support to restore it.",
      { reason: "suspended" },
    );
  }
  return business;
}
