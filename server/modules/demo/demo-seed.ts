import { eq, sql } from "drizzle-orm";
import { hashPassword } from "#server/modules/accounts/password-hash.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { newShortId } from "#server/modules/events/event-ids.ts";
import { eventImages, events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { fromLocalInput } from "#server/modules/events/zoned-time.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { appMeta } from "#server/platform/db/platform.schema.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { type DemoBooking, demoBooker, demoBookingPlanner } from "./demo-bookings.ts";
import { insertDemoCodes } from "./demo-codes.ts";
import { type DemoCover, demoCover } from "./demo-covers.ts";
import { type DemoEvent, demoEvents } from "./demo-events.ts";
import { insertDemoGuests } from "./demo-guests.ts";
import { demoTeamAccounts, demoTonight, seedDemoTeam } from "./demo-teams.ts";

/**
 * Who the demo lets you sign in as. The phones are in Australia's range reserved for
 * fiction (+61 491 570 006-159, ACMA): valid numbers that belong to nobody.
 */
export const demoAccounts = {
  owner: {
    name: "Olivia Owner",
    phone: "+61491570006",
    email: "demo-owner@example.com",
    password: "demo-owner-tickets",
  },
  user: {
    name: "Uma User",
    phone: "+61491570007",
    email: "demo-user@example.com",
    password: "demo-user-tickets",
  },
} as const;

const seededKey = "demo_seeded";

/** The lines the console prints after seeding. */
export function demoSignInLines(): string[] {
  const { owner, user } = demoAccounts;
  const { coordinator, staff } = demoTeamAccounts;
  return [
    "Demo sign-ins:",
    `  business owner  ${owner.phone} or ${owner.email}, password ${owner.password}`,
    `  user            ${user.phone} or ${user.email}, password ${user.password}`,
    `  coordinator     ${coordinator.phone} or ${coordinator.email}, password ${coordinator.password}`,
    `  door staff      ${staff.phone} or ${staff.email}, password ${staff.password}`,
  ];
}

function startOf(event: DemoEvent, today: Date): Date {
  const date = new Date(today.getTime() + event.inDays * 86_400_000).toISOString().slice(0, 10);
  const start = fromLocalInput(`${date}T${event.at}`, event.timeZone);
  if (!start) throw new Error(`demo event ${event.title}: bad time`);
  return start;
}

/** One cover per demo event, by title (each drawn from its title: none alike). */
async function coversByTitle(): Promise<Map<string, DemoCover>> {
  const covers = await Promise.all(demoEvents.map((e) => demoCover(e.category, e.title)));
  return new Map(demoEvents.map((e, i) => [e.title, covers[i] as DemoCover]));
}

/**
 * Seeds the demo once per database (the `demo_seeded` mark in app_meta, taken in the
 * same transaction, makes a second run, or a concurrent one, do nothing). Returns
 * whether it seeded. Tickets are sold and scanned through the checkout's and the door's
 * own functions (demo-bookings.ts, demo-door.ts), never written by hand, so every screen
 * counts the same tickets. `publicUrl` goes into the links of the booking notifications.
 */
export async function seedDemoData(
  db: Database,
  log: Logger,
  options: { publicUrl: string; now?: Date },
): Promise<boolean> {
  const now = options.now ?? new Date();
  // The slow parts (image encoding, password hashing) run before the transaction.
  const [covers, tonightCover, ownerHash, userHash, coordinatorHash, staffHash] = await Promise.all(
    [
      coversByTitle(),
      demoCover("music", demoTonight.title),
      hashPassword(demoAccounts.owner.password),
      hashPassword(demoAccounts.user.password),
      hashPassword(demoTeamAccounts.coordinator.password),
      hashPassword(demoTeamAccounts.staff.password),
    ],
  );
  const seeded = await db.transaction(async (tx) => {
    const mark = await tx
      .insert(appMeta)
      .values({ key: seededKey, value: { at: now.toISOString() } })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (mark.length === 0) return false;
    const person = (account: (typeof demoAccounts)["owner" | "user"], passwordHash: string) => ({
      name: account.name,
      phone: account.phone,
      phoneVerifiedAt: now,
      email: account.email,
      emailVerifiedAt: now,
      passwordHash,
    });
    const [owner, user] = await tx
      .insert(users)
      .values([
        person(demoAccounts.owner, ownerHash),
        // The demo user confirms their email and phone after booking: the bookings'
        // notifications stay in the bell, and the outbox of a fresh start stays empty.
        { ...person(demoAccounts.user, userHash), emailVerifiedAt: null, phoneVerifiedAt: null },
      ])
      .returning({ id: users.id });
    if (!owner || !user) throw new Error("demo accounts not created");
    const guests = await insertDemoGuests(tx, now);
    const [business] = await tx
      .insert(businesses)
      .values({
        ownerId: owner.id,
        name: "Demo Events Co.",
        type: "promoter",
        contactPhone: demoAccounts.owner.phone,
        contactEmail: demoAccounts.owner.email,
        address: "1 Demo Street, London",
        description: "The business behind the demo's events.",
        plan: "pro",
      })
      .returning({ id: businesses.id });
    if (!business) throw new Error("demo business not created");
    const plan = demoBookingPlanner(guests);
    const sales: DemoBooking[] = [];
    let firstEventId: string | null = null;
    for (const demo of demoEvents) {
      const eventId = await insertDemoEvent(tx, {
        demo,
        businessId: business.id,
        cover: covers.get(demo.title) as DemoCover,
        now,
      });
      firstEventId ??= eventId;
      const types = await tx
        .insert(ticketTypes)
        .values(demo.tickets.map(({ sold: _, ...t }, position) => ({ ...t, eventId, position })))
        .returning({ id: ticketTypes.id, name: ticketTypes.name });
      await insertDemoCodes(tx, eventId, demo.codes ?? [], types);
      demo.tickets.forEach((ticket, i) => {
        sales.push(...plan(eventId, types[i]?.id as string, ticket.sold));
      });
    }
    const booker = demoBooker(tx, options.publicUrl);
    await seedDemoTeam(tx, {
      now,
      businessId: business.id,
      demoUserId: user.id,
      nextEventId: firstEventId,
      cover: tonightCover,
      passwordHashes: { coordinator: coordinatorHash, staff: staffHash },
      booker,
    });
    for (const sale of sales) await booker.book(sale);
    await tx
      .update(users)
      .set({ emailVerifiedAt: now, phoneVerifiedAt: now })
      .where(eq(users.id, user.id));
    return true;
  });
  if (seeded) log.info({ events: demoEvents.length }, "demo data seeded");
  return seeded;
}

/** One of the dozen, published, with its cover; returns its id. */
async function insertDemoEvent(
  tx: Executor,
  input: { demo: DemoEvent; businessId: string; cover: DemoCover; now: Date },
): Promise<string> {
  const { demo } = input;
  const [image] = await tx
    .insert(eventImages)
    .values({ businessId: input.businessId, ...input.cover })
    .returning({ id: eventImages.id });
  const startsAt = startOf(demo, input.now);
  const [event] = await tx
    .insert(events)
    .values({
      shortId: newShortId(),
      businessId: input.businessId,
      title: demo.title,
      description: demo.description,
      venueName: demo.venueName,
      venueAddress: demo.venueAddress,
      timeZone: demo.timeZone,
      startsAt,
      endsAt: new Date(startsAt.getTime() + demo.hours * 3_600_000),
      category: demo.category,
      coverImageId: image?.id ?? null,
      status: "published",
      publishedAt: input.now,
    })
    .returning({ id: events.id });
  if (!event) throw new Error("demo event not created");
  return event.id;
}

/** Whether the database has no accounts yet (a fresh install: the demo may be seeded). */
export async function hasNoUsers(db: Database): Promise<boolean> {
  const result = (await db.execute(
    sql`select not exists (select 1 from users) as empty`,
  )) as unknown as {
    rows: { empty: boolean }[];
  };
  return result.rows[0]?.empty === true;
}
