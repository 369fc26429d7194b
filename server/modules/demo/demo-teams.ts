import { newShortId } from "#server/modules/events/event-ids.ts";
import { eventImages, events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { teamEvents, teamMembers, teams } from "#server/modules/teams/teams.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { DemoBooker } from "./demo-bookings.ts";
import type { DemoCover } from "./demo-covers.ts";
import { seedDemoDoor } from "./demo-door.ts";
import { appOnly } from "./demo-guests.ts";

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
    booker: DemoBooker;
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
      ...attendees.map((a) => ({
        name: a.name,
        phone: a.phone,
        phoneVerifiedAt: now,
        preferences: appOnly,
      })),
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

  // Bookings as a buyer makes them (demo-bookings.ts), then the door so far tonight.
  const names = (name: string, quantity: number) =>
    Array.from({ length: quantity }, (_, i) =>
      i === 0 ? name : `${name.split(" ")[0]}'s guest ${i}`,
    );
  const bookers = [
    { userId: input.demoUserId, name: "Uma User", quantity: 2 },
    ...attendees.map((a, i) => ({ userId: people[i]?.id as string, ...a })),
  ];
  for (const booker of bookers) {
    await input.booker.book({
      userId: booker.userId,
      eventId: tonight.id,
      ticketTypeId: standing.id,
      attendees: names(booker.name, booker.quantity),
    });
  }
  await seedDemoDoor(tx, {
    now,
    eventId: tonight.id,
    demoUserId: input.demoUserId,
    staffId: staff.id,
    coordinatorId: coordinator.id,
  });
}
