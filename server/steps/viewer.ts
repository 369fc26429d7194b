import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ViewerAnswer, ViewerEvent } from "#contract/viewer.ts";
import { ownsABusiness } from "#server/modules/businesses/business-access.ts";
import { eventIdOfShortId } from "#server/modules/events/event-ids.ts";
import { liveHoldJson } from "#server/modules/holds/hold-view.ts";
import { inATeam } from "#server/modules/teams/team-access.ts";
import { ticketsHeldCount } from "#server/modules/tickets/tickets-held.ts";
import { myEntriesJson, myEntriesOf } from "#server/modules/waiting-list/my-entries.ts";
import { defineFunction } from "#server/platform/callable/define-function.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

type Row = {
  name: string | null;
  business_owner: boolean;
  team_member: boolean;
  event: {
    eventId: string;
    hold: { ticketCount: number; expiresAt: string } | null;
    ticketCount: number;
    waitingList: unknown;
  } | null;
};

/** The person's hold and tickets at one event, as JSON (null for an unknown short id). */
function eventPartJson(userId: string, shortId: string | undefined) {
  if (!shortId) return sql`null::json`;
  return sql`(select json_build_object('eventId', x.id,
      'hold', ${liveHoldJson(userId, sql`x.id`)},
      'ticketCount', ${ticketsHeldCount(userId, sql`x.id`)},
      'waitingList', ${myEntriesJson(userId, sql`x.id`)})
    from (select ${eventIdOfShortId(shortId)} as id) x where x.id is not null)`;
}

function eventPartOf(shortId: string, event: NonNullable<Row["event"]>): ViewerEvent {
  const { hold } = event;
  return {
    shortId,
    eventId: event.eventId,
    hold: hold && {
      ticketCount: hold.ticketCount,
      expiresAt: new Date(hold.expiresAt).toISOString(),
    },
    ticketCount: event.ticketCount,
    waitingList: myEntriesOf(event.waitingList),
  };
}

/**
 * The signed-in person's own part of a shared page (decision 032): the header's name and
 * sections and, for an event's page, their live hold and tickets there. One statement,
 * each module giving its part; an account deleted since the token was issued is nobody.
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
    const { userId, sessionId } = ctx.auth;
    const shortId = data?.event;
    const [row] = await rowsOf<Row>(
      ctx.db,
      sql`select u.name, ${ownsABusiness(userId)} as business_owner,
        ${inATeam(userId)} as team_member, ${eventPartJson(userId, shortId)} as event
      from users u where u.id = ${userId}::uuid and u.deleted_at is null`,
    );
    if (!row) return { user: null, event: null };
    return {
      user: {
        id: userId,
        name: row.name,
        sessionId,
        businessOwner: row.business_owner,
        teamMember: row.team_member,
      },
      event: shortId && row.event ? eventPartOf(shortId, row.event) : null,
    };
  },
});

export const viewerFunctions = [getViewer];
