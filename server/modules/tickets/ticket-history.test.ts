import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";

describe.each(testDatabases)("a ticket's history on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await ticketsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("says a pay-at-venue booking is still to pay, and a free one needs no payment", async () => {
    const priced = await kit.holderOf(1, { types: [{ priceMinor: 1500 }] });
    const [ticket] = (await priced.me.call("tickets.forEvent", { eventId: priced.event.id }))
      .tickets;
    expect(
      (await priced.me.call("tickets.history", { ticketId: ticket.id })).booking,
    ).toMatchObject({ priceMinor: 1500, currency: "EUR", paymentStatus: "unpaid" });
    const free = await kit.holderOf(1);
    const [freeTicket] = (await free.me.call("tickets.forEvent", { eventId: free.event.id }))
      .tickets;
    expect(
      (await free.me.call("tickets.history", { ticketId: freeTicket.id })).booking,
    ).toMatchObject({ priceMinor: 0, paymentStatus: "not-required" });
  });
});
