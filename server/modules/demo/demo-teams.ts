import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { insertBooking, insertLinesAndTickets } from "#server/modules/bookings/booking-records.ts";
import { newShortId } from "#server/modules/events/event-ids.ts";
import { eventImages, events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { holdView } from "#server/modules/inventory/hold-view.ts";
import { holdItems, holds } from "#server/modules/inventory/inventory.schema.ts";
import { teamEvents, teamMembers, teams } from "#server/modules/teams/teams.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db.ts";
import { rowsOf } from "#server/platform/db-rows.ts";
import type { DemoCover } from "./demo-covers.ts";

/** The door team's sign-ins (same fictional Australian range as the other demo accounts). */
export const demoTeamAccounts = {
  coordinator: {
    name: "Cody Coordinator",
    phone: "+61491570008",
    email: "demo-coordinator@example.com",
    password: "demo-coordinator-tickets",
  },
  staff: {
    name: "Sky Staff",
    phone: "+61491570009",
    email: "demo-staff@example.com",
    password: "demo-staff-tickets",
  },
} as const;

/** People with bookings for tonight's event (no password: they only fill the door list). */
const attendees = [
  { name: "Ben Booker", phone: "+61491570010", quantity: 2 },
  { name: "Cara Crowd", phone: "+61491570011", quantity: 1 },
  { name: "Dev Dancer", phone: "+61491570012", quantity: 3 },
] as const;

export const demoTonight = {
  title: "Doors Open: Tonight at the Demo Hall",
  venueName: "Demo Hall",
  venueAddress: "1 Demo Street, London",
  timeZone: "Europe/London",
  description:
    "An evening of live music, on **today** so that the door can be tried at once: the demo's door team (Cody the coordinator, Sky on staff) works here, and several demo users have tickets.",
} as const;

/**
 * Tonight's event (doors opened half an hour before seeding, five hours long, so it is
 * under way and "today" on the team list), the door team of the demo business assigned to
 * it and to the next demo event, and bookings with tickets from the demo user and three
 * more people. In the seed's transaction.
 */
export async function seedDemoTeam(
  tx: Executor,
  input: {
    now: Date;
    businessId: string;
    demoUserId: string;
    nextEventId: string | null;
    cover: DemoCover;
    passwordHashes: { coordinator: string; staff: string };
  },
): Promise<void> {
  const { now } = input;
  const person = (account: (typeof demoTeamAccounts)["coordinator" | "staff"], hash: string) => ({
    name: account.name,
    phone: account.phone,
    phoneVerifiedAt: now,
    email: account.email,
    emailVerifiedAt: now,
    passwordHash: hash,
  });
  const [coordinator, staff, ...people] = await tx
    .insert(users)
    .values([
      person(demoTeamAccounts.coordinator, input.passwordHashes.coordinator),
      person(demoTeamAccounts.staff, input.passwordHashes.staff),
      ...attendees.map((a) => ({ name: a.name, phone: a.phone, phoneVerifiedAt: now })),
    ])
    .returning({ id: users.id });
  if (!coordinator || !staff) throw new Error("demo team accounts not created");

  const [image] = await tx
    .insert(eventImages)
    .values({ businessId: input.businessId, ...input.cover })
    .returning({ id: eventImages.id });
  const quarter = 15 * 60_000;
  const startsAt = new Date(Math.floor((now.getTime() - 30 * 60_000) / quarter) * quarter);
  const [tonight] = await tx
    .insert(events)
    .values({
      shortId: newShortId(),
      businessId: input.businessId,
      ...demoTonight,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 5 * 3_600_000),
      category: "music",
      coverImageId: image?.id ?? null,
      status: "published",
      publishedAt: now,
    })
    .returning({ id: events.id });
  if (!tonight) throw new Error("demo tonight event not created");
  const [standing] = await tx
    .insert(ticketTypes)
    .values({
      eventId: tonight.id,
      name: "Standing",
      priceMinor: 1500,
      currency: "GBP",
      capacity: 120,
      taken: 0,
      position: 0,
    })
    .returning();
  if (!standing) throw new Error("demo ticket type not created");

  const [team] = await tx
    .insert(teams)
    .values({ businessId: input.businessId, name: "Demo Hall door crew" })
    .returning({ id: teams.id });
  if (!team) throw new Error("demo team not created");
  await tx.insert(teamMembers).values([
    { teamId: team.id, userId: coordinator.id, role: "coordinator" },
    { teamId: team.id, userId: staff.id, role: "staff" },
  ]);
  await tx
    .insert(teamEvents)
    .values(
      [tonight.id, input.nextEventId]
        .filter((id): id is string => id !== null)
        .map((eventId) => ({ teamId: team.id, eventId })),
    );

  // Bookings as the booking engine writes them: a converted hold, the booking, its lines
  // and one ticket per admission, and the places taken.
  const bookers = [
    { userId: input.demoUserId, name: "Uma User", quantity: 2 },
    ...attendees.map((a, i) => ({
      userId: people[i]?.id as string,
      name: a.name,
      quantity: a.quantity,
    })),
  ];
  for (const booker of bookers) {
    const [hold] = await tx
      .insert(holds)
      .values({
        userId: booker.userId,
        eventId: tonight.id,
        status: "converted",
        expiresAt: now,
        endedAt: now,
      })
      .returning();
    if (!hold) throw new Error("demo hold not created");
    const item = {
      ticketTypeId: standing.id,
      name: standing.name,
      quantity: booker.quantity,
      unitPriceMinor: standing.priceMinor,
      currency: standing.currency,
    };
    await tx.insert(holdItems).values({ holdId: hold.id, ...item });
    const view = holdView({ ...hold, live: false }, [item]);
    const bookingId = randomUUID();
    await insertBooking(tx, {
      id: bookingId,
      userId: booker.userId,
      hold: view,
      contactPhone: null,
      contactEmail: null,
      provider: "venue",
    });
    const names = Array.from({ length: booker.quantity }, (_, i) =>
      i === 0 ? booker.name : `${booker.name.split(" ")[0]}'s guest ${i}`,
    );
    await insertLinesAndTickets(
      tx,
      bookingId,
      booker.userId,
      view,
      names.map((name) => ({ name })),
    );
    await tx
      .update(ticketTypes)
      .set({ taken: sql`${ticketTypes.taken} + ${booker.quantity}` })
      .where(sql`${ticketTypes.id} = ${standing.id}`);
  }

  await seedDemoCheckIns(tx, {
    now,
    eventId: tonight.id,
    demoUserId: input.demoUserId,
    staff: { id: staff.id, name: demoTeamAccounts.staff.name },
    coordinator: { id: coordinator.id, name: demoTeamAccounts.coordinator.name },
  });
}

/**
 * The door so far tonight (not the demo user's own tickets, which they can try at the
 * door): four guests in over the last half hour, scanned on two phones and one admitted by
 * hand at the desk, and one scan the coordinator undid (that guest is expected again), so
 * the desk, the verdicts and the team report show real figures at once.
 */
async function seedDemoCheckIns(
  tx: Executor,
  input: {
    now: Date;
    eventId: string;
    demoUserId: string;
    staff: { id: string; name: string };
    coordinator: { id: string; name: string };
  },
): Promise<void> {
  const ago = (minutes: number) => new Date(input.now.getTime() - minutes * 60_000).toISOString();
  const { staff, coordinator } = input;
  // In attendee-name order: Ben Booker, Ben's guest 1, Cara Crowd, Dev Dancer, Dev's guest 1.
  const door = [
    { by: staff, device: "demo-phone", method: "scan", at: ago(28), undo: null },
    { by: staff, device: "demo-phone-2", method: "scan", at: ago(26), undo: null },
    { by: coordinator, device: "desk", method: "manual", at: ago(17), undo: null },
    { by: staff, device: "demo-phone", method: "scan", at: ago(6), undo: null },
    {
      by: staff,
      device: "demo-phone-2",
      method: "scan",
      at: ago(12),
      undo: "Scanned the wrong ticket",
    },
  ] as const;
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`select id from tickets where event_id = ${input.eventId}
      and holder_user_id <> ${input.demoUserId} order by attendee_name limit ${door.length}`,
  );
  for (const [index, ticket] of rows.entries()) {
    const entry = door[index];
    if (!entry) break;
    if (!entry.undo) {
      await tx.execute(sql`update tickets set status = 'checked-in' where id = ${ticket.id}`);
    }
    await tx.execute(sql`insert into check_ins (ticket_id, event_id, staff_user_id, staff_name,
        device_id, method, created_at, undone_at, undone_by_name, undo_reason)
      values (${ticket.id}, ${input.eventId}, ${entry.by.id}, ${entry.by.name}, ${entry.device},
        ${entry.method}, ${entry.at}::timestamptz,
        ${entry.undo ? ago(10) : null}::timestamptz,
        ${entry.undo ? coordinator.name : null}, ${entry.undo})`);
  }
}
