import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";

describe.each(testDatabases)("the holder's upcoming tickets on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await ticketsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("keeps a ticket used at the door while its event is on, marked checked in, and drops a cancelled one", async () => {
    const { me, event } = await kit.holderOf(3);
    const [used, cancelled, valid] = (await me.call("tickets.forEvent", { eventId: event.id }))
      .tickets;
    await kit.setTicketStatus(used.id, "checked-in");
    await kit.setTicketStatus(cancelled.id, "cancelled");
    const upcoming = await me.call("tickets.upcoming", null);
    expect(
      upcoming.map((t: { id: string; status: string }) => ({ id: t.id, status: t.status })),
    ).toEqual([
      { id: used.id, status: "checked-in" },
      { id: valid.id, status: "valid" },
    ]);
  });

  it("lists a ticket passed on to an account for its new holder after it is checked in", async () => {
    const { me, event } = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    const friend = await kit.user({ email: "upcoming-friend@example.com", name: "Friend" });
    await me.call("tickets.assign", {
      ticketId: ticket.id,
      name: "My Friend",
      email: "upcoming-friend@example.com",
      idempotencyKey: randomUUID(),
    });
    await kit.setTicketStatus(ticket.id, "checked-in");
    const theirs = await friend.call("tickets.upcoming", null);
    expect(theirs).toMatchObject([
      { id: ticket.id, status: "checked-in", attendeeName: "My Friend" },
    ]);
    expect(await me.call("tickets.upcoming", null)).toEqual([]);
  });
});
