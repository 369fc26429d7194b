import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { ViewerAnswer, ViewerEvent } from "#contract/viewer.ts";
import { findOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { liveHoldSummary } from "#server/modules/holds/hold-view.ts";
import { isTeamMember } from "#server/modules/teams/team-access.ts";
import { ticketsHeldAt } from "#server/modules/tickets/tickets-held.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { defineFunction } from "#server/platform/callable/define-function.ts";
import type { Executor } from "#server/platform/db/database.ts";

/** The person's hold and tickets for one event page (null for an unknown short id). */
async function eventPartOf(
  db: Executor,
  userId: string,
  shortId: string,
): Promise<ViewerEvent | null> {
  const [hold, held] = await Promise.all([
    liveHoldSummary(db, userId, shortId),
    ticketsHeldAt(db, userId, shortId),
  ]);
  return held ? { shortId, eventId: held.eventId, hold, ticketCount: held.count } : null;
}

/**
 * The signed-in person's own part of a shared page (decision 032): the header's name and
 * sections and, for an event's page, their live hold and tickets there. One call per page
 * load, its reads side by side; an account deleted since the token was issued is nobody.
 */
export const getViewer = defineFunction({
  name: "sessions.viewer",
  input: z
    .object({
      event: z
        .string()
        .regex(/^[a-z0-9]{1,32}$/, "Give the event's short id.")
        .optional(),
    })
    .nullable()
    .optional(),
  access: "signed-in",
  handler: async (data, ctx): Promise<ViewerAnswer> => {
    const { db } = ctx;
    const { userId } = ctx.auth;
    const shortId = data?.event;
    const [[person], business, teamMember, event] = await Promise.all([
      db
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt))),
      findOwnedBusiness(db, userId),
      isTeamMember(db, userId),
      shortId ? eventPartOf(db, userId, shortId) : null,
    ]);
    if (!person) return { user: null, event: null };
    return {
      user: {
        id: userId,
        name: person.name,
        sessionId: ctx.auth.sessionId,
        businessOwner: business !== null,
        teamMember,
      },
      event,
    };
  },
});

export const viewerFunctions = [getViewer];
