import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { checkinFunctions } from "#server/modules/checkin/checkin.functions.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { teamMembershipResolvers } from "#server/modules/teams/team-access.ts";
import { teamEvents, teamMembers, teams } from "#server/modules/teams/teams.schema.ts";
import { ticketKeyRing } from "#server/modules/tickets/ticket-keys.ts";
import { qrTokenFor } from "#server/modules/tickets/ticket-qr.ts";
import { ticketFunctions } from "#server/modules/tickets/tickets.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { makeEvent, makeUser, nth } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";

// biome-ignore lint/suspicious/noExplicitAny: each test checks the answer's shape
type Call = (name: string, data: unknown) => Promise<any>;

/**
 * The door's functions through the registry (membership scopes included): an event under
 * way with a team (a coordinator and staff), a holder with tickets, their QR tokens.
 */
export async function checkinKit(database: DatabaseHandle) {
  const kit = await profileTestKit(database);
  const registry = createRegistry(
    [
      ...holdFunctions,
      ...bookingFunctions,
      ...ticketFunctions,
      ...checkinFunctions(crossModuleSteps),
    ],
    { membership: teamMembershipResolvers },
  );
  const db = database.db;
  function as(auth: Auth | null): Call {
    const ctx = functionContext(kit.services, auth);
    return (name, data) => registry.invoke(name, data, ctx);
  }
  async function user(name: string) {
    const row = await makeUser(db, { name });
    return { user: row, call: as({ userId: row.id, sessionId: "s", roles: [] }) };
  }
  async function teamFor(businessId: string, eventIds: string[], name = "Door") {
    const [team] = await db.insert(teams).values({ businessId, name }).returning();
    if (!team) throw new Error("no team");
    if (eventIds.length > 0) {
      await db.insert(teamEvents).values(eventIds.map((eventId) => ({ teamId: team.id, eventId })));
    }
    return {
      team,
      async member(personName: string, role: "coordinator" | "staff") {
        const person = await user(personName);
        await db.insert(teamMembers).values({ teamId: team.id, userId: person.user.id, role });
        return person;
      },
    };
  }
  /** An event under way (started an hour ago) with two ticket types and a team. */
  async function door(options: { tickets?: number } = {}) {
    const made = await makeEvent(db, {
      startsInHours: -1,
      types: [{ name: "Standing" }, { name: "Balcony" }],
    });
    const holder = await user("Harriet Holder");
    const { booking } = await holdAndConfirm(
      holder,
      made.event.shortId,
      nth(made.types, 0).id,
      options.tickets ?? 3,
    );
    const team = await teamFor(made.business.id, [made.event.id]);
    const coordinator = await team.member("Cora Coordinator", "coordinator");
    const staff = await team.member("Stan Staff", "staff");
    const owner = as({ userId: made.owner.id, sessionId: "s", roles: [] });
    const ticketRows = await rowsOf<{ id: string; generation: number; manual_code: string }>(
      db,
      sql`select id, generation, manual_code from tickets where booking_id = ${booking.id}
        order by attendee_name`,
    );
    return { ...made, holder, booking, team, coordinator, staff, owner, tickets: ticketRows };
  }
  async function tokenOf(ticketId: string) {
    const [row] = await rowsOf<{ short_id: string; generation: number }>(
      db,
      sql`select e.short_id, k.generation from tickets k join events e on e.id = k.event_id
        where k.id = ${ticketId}`,
    );
    if (!row) throw new Error("no ticket");
    const ring = await ticketKeyRing(db, kit.services.settings.APP_SECRET);
    return qrTokenFor(ring, {
      id: ticketId,
      eventShortId: row.short_id,
      generation: Number(row.generation),
    });
  }
  const scanOf = (eventId: string, code: string, deviceId = "phone-1") => ({
    eventId,
    code,
    deviceId,
    scanId: randomUUID(),
  });
  return { ...kit, registry, as, user, teamFor, door, tokenOf, scanOf, visitor: as(null) };
}

export type CheckinKit = Awaited<ReturnType<typeof checkinKit>>;
