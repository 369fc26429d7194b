import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamListPath } from "#contract/paths.ts";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";

describe.each(testDatabases)("the time zone of a notification on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await ticketsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("is the zone of the event it is about, by booking, ticket or event; none for the rest", async () => {
    const { me, event, booking } = await kit.holderOf(1);
    await db.db.execute(
      sql`update events set time_zone = 'America/New_York' where id = ${event.id}::uuid`,
    );
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    await db.db.insert(notifications).values(
      [
        `/my_ticket/${event.id}`,
        `/my-ticket/${ticket.id}`,
        teamListPath,
        "/my-ticket/not-a-uuid",
        null,
      ].map((link, i) => ({
        userId: me.user.id,
        kind: "organizer-message" as const,
        title: `About ${link}`,
        body: "",
        link,
        createdAt: new Date(Date.now() + (i + 1) * 1000),
      })),
    );
    const { items } = await me.call("notifications.list", {});
    const zoneOf = (title: string) =>
      items.find((n: { title: string }) => n.title === title)?.timeZone;
    expect(items.find((n: { kind: string }) => n.kind === "booking-confirmed")?.link).toContain(
      booking.reference,
    );
    expect(items.find((n: { kind: string }) => n.kind === "booking-confirmed")?.timeZone).toBe(
      "America/New_York",
    );
    expect(zoneOf(`About /my_ticket/${event.id}`)).toBe("America/New_York");
    expect(zoneOf(`About /my-ticket/${ticket.id}`)).toBe("America/New_York");
    expect(zoneOf(`About ${teamListPath}`)).toBeNull();
    expect(zoneOf("About /my-ticket/not-a-uuid")).toBeNull();
    expect(zoneOf("About null")).toBeNull();
    const opened = await me.call("notifications.get", { id: items[0].id });
    expect(opened).toMatchObject({ title: "About null", timeZone: null });
    const second = await me.call("notifications.get", { id: items[3].id });
    expect(second).toMatchObject({
      title: `About /my-ticket/${ticket.id}`,
      timeZone: "America/New_York",
    });
  });
});
