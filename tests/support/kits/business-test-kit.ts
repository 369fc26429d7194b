import { eq } from "drizzle-orm";
import type { BusinessPlan } from "#contract/business-options.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { newShortId } from "#server/modules/events/event-ids.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { signedInUser } from "./profile-test-kit.ts";

/** The form as a person fills it in correctly (a UK number in national format). */
export const validApplication = {
  name: "The Blue Door",
  type: "venue",
  contactPhone: "020 7946 0018",
  region: "GB",
  contactEmail: "hello@bluedoor.example",
  address: "12 Canal Street, Manchester M1 3HE",
  description: "A small music venue by the canal.",
} as const;

/** A signed-in user who owns a business on `plan`, inserted directly. */
export async function businessOwner(services: Services, plan: BusinessPlan = "free") {
  const { user, auth } = await signedInUser(services);
  const [business] = await services.database.db
    .insert(businesses)
    .values({
      ownerId: user.id,
      name: "Owner's business",
      type: "venue",
      contactPhone: "+442079460018",
      contactEmail: "owner@example.com",
      address: "1 High Street, Leeds",
      plan,
    })
    .returning();
  if (!business) throw new Error("no business");
  return { user, auth: auth satisfies Auth, business };
}

const hour = 60 * 60 * 1000;

/**
 * An event row of `businessId` in `status`, ending in the future unless `ended`. Its
 * reminder is off: starting in 24 hours, it would be due within seconds, and a running
 * server's reminder runner would tell its holders beside what the test counts.
 */
export async function insertEvent(
  db: Executor,
  businessId: string,
  status: "draft" | "published" | "cancelled",
  options: { ended?: boolean } = {},
) {
  const startsAt = new Date(Date.now() + (options.ended ? -5 * hour : 24 * hour));
  const [event] = await db
    .insert(events)
    .values({
      shortId: newShortId(),
      businessId,
      title: `Event ${status}`,
      venueName: "Main hall",
      timeZone: "Europe/London",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * hour),
      category: "music",
      status,
      publishedAt: status === "published" ? new Date() : null,
      reminders: false,
    })
    .returning();
  if (!event) throw new Error("no event");
  return event;
}

/**
 * The owner's business (made before, e.g. by `businesses.apply`), a published event of it
 * (insertEvent) and one free "Standing" ticket type of `capacity` on it.
 */
export async function ownersPublishedEvent(db: Executor, ownerId: string, capacity: number) {
  const [business] = await db.select().from(businesses).where(eq(businesses.ownerId, ownerId));
  if (!business) throw new Error("no business");
  const event = await insertEvent(db, business.id, "published");
  const [type] = await db
    .insert(ticketTypes)
    .values({ eventId: event.id, name: "Standing", priceMinor: 0, currency: "GBP", capacity })
    .returning();
  if (!type) throw new Error("no ticket type");
  return { business, event, type };
}
