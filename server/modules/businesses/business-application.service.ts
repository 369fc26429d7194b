import { and, eq, sql } from "drizzle-orm";
import { type BusinessPlan, planLimits } from "#contract/business-options.ts";
import { parsePhoneNumber } from "#server/modules/accounts/phone-number.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { isUniqueViolation } from "#server/platform/db/db-errors.ts";
import { type Business, findOwnedBusiness, requireOwnedBusiness } from "./business-access.ts";
import type { BusinessDetails } from "./business-input.ts";
import { businesses } from "./businesses.schema.ts";
import type { CountPlanUsage } from "./plan-usage.ts";

/** The owner's view of their business, with how much of the plan it uses. */
export type MyBusiness = {
  id: string;
  name: string;
  type: Business["type"];
  contactPhone: string;
  /** The phone's country, for the form's country picker. */
  contactPhoneRegion: string | null;
  contactEmail: string;
  address: string;
  description: string;
  plan: BusinessPlan;
  status: Business["status"];
  createdAt: string;
  usage: { publishedEvents: number; limit: number | null };
};

function alreadyOwnsOne(): FunctionError {
  return new FunctionError(
    "ALREADY_EXISTS",
    "You already have a business. Edit its details instead of applying again.",
    { reason: "business-exists" },
  );
}

/**
 * Makes the caller the owner of a new business on the free plan. One business per owner
 * (decision 008): the unique index on owner_id settles two applications sent at once.
 */
export async function applyForBusiness(
  db: Database,
  userId: string,
  details: BusinessDetails,
  countUsage: CountPlanUsage,
): Promise<MyBusiness> {
  if (await findOwnedBusiness(db, userId)) throw alreadyOwnsOne();
  try {
    const [created] = await db
      .insert(businesses)
      .values({ ...details, ownerId: userId, plan: "free", status: "active" })
      .returning();
    if (!created) throw new Error("insert returned no row");
    return describeBusiness(db, created, countUsage);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyOwnsOne();
    throw error;
  }
}

/** Saves new details for the caller's business; the plan and status are not theirs to set here. */
export async function updateBusiness(
  db: Database,
  userId: string,
  details: BusinessDetails,
  countUsage: CountPlanUsage,
): Promise<MyBusiness> {
  const business = await requireOwnedBusiness(db, userId);
  const [updated] = await db
    .update(businesses)
    .set({ ...details, updatedAt: sql`now()` })
    .where(and(eq(businesses.id, business.id), eq(businesses.ownerId, userId)))
    .returning();
  if (!updated) throw new FunctionError("NOT_FOUND", "This business no longer exists.");
  return describeBusiness(db, updated, countUsage);
}

/** The caller's business, or null when they have not applied. */
export async function myBusiness(
  db: Database,
  userId: string,
  countUsage: CountPlanUsage,
): Promise<MyBusiness | null> {
  const business = await findOwnedBusiness(db, userId);
  return business ? describeBusiness(db, business, countUsage) : null;
}

export async function describeBusiness(
  db: Executor,
  business: Business,
  countUsage: CountPlanUsage,
): Promise<MyBusiness> {
  const phone = parsePhoneNumber(business.contactPhone);
  return {
    id: business.id,
    name: business.name,
    type: business.type,
    contactPhone: business.contactPhone,
    contactPhoneRegion: phone.ok ? (phone.region ?? null) : null,
    contactEmail: business.contactEmail,
    address: business.address,
    description: business.description,
    plan: business.plan,
    status: business.status,
    createdAt: business.createdAt.toISOString(),
    usage: {
      publishedEvents: (await countUsage(db, business.id)).publishedEvents,
      limit: planLimits[business.plan].publishedEvents,
    },
  };
}
