import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { accountDeletionSteps } from "#server/steps/account-deletion.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { inventoryOf, nth } from "#tests/support/kits/holds-test-kit.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";
import { tickets } from "./tickets.schema.ts";

describe.each(testDatabases)("account deletion and tickets on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await ticketsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  const deleteAccount = (userId: string) =>
    db.db.transaction(async (tx) => {
      for (const step of accountDeletionSteps) await step(tx, userId);
      // What the profile module then does: the row stays, anonymised and marked deleted.
      await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId));
    });

  it("leaves tickets given away with their recipients and gives received ones back to the giver", async () => {
    const { me, event, booking, types } = await kit.holderOf(3);
    const [kept, given, pending] = (await me.call("tickets.forEvent", { eventId: event.id }))
      .tickets;
    const friend = await kit.user({ email: "pal@example.com" });
    await me.call("tickets.assign", {
      ticketId: given.id,
      name: "Pal",
      email: "pal@example.com",
      idempotencyKey: randomUUID(),
    });
    await me.call("tickets.assign", {
      ticketId: pending.id,
      name: "Stranger",
      phone: "+447911123499",
      idempotencyKey: randomUUID(),
    });

    await deleteAccount(me.user.id);
    const rows = await db.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    const status = (id: string) => rows.find((r) => r.id === id)?.status;
    expect([status(kept.id), status(given.id), status(pending.id)]).toEqual([
      "cancelled",
      "valid",
      "valid",
    ]);
    expect((await friend.call("tickets.get", { ticketId: given.id })).status).toBe("valid");
    const [stored] = await db.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(stored?.status).toBe("confirmed");
    expect((await inventoryOf(db.db, nth(types, 0).id)).taken).toBe(2);
    const history = await friend.call("tickets.history", { ticketId: given.id });
    expect(history.assignments[0].fromName).toBe("A former member");

    // The recipient deletes theirs in turn: the giver is gone, so the ticket is cancelled.
    await deleteAccount(friend.user.id);
    const [after] = await db.db.select().from(tickets).where(eq(tickets.id, given.id));
    expect(after?.status).toBe("cancelled");
    expect((await inventoryOf(db.db, nth(types, 0).id)).taken).toBe(1);
  });

  it("gives a received ticket back to a giver who still has an account", async () => {
    const { me, event } = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    const friend = await kit.user({ email: "mate@example.com" });
    await me.call("tickets.assign", {
      ticketId: ticket.id,
      name: "Mate",
      email: "mate@example.com",
      idempotencyKey: randomUUID(),
    });
    await deleteAccount(friend.user.id);
    const back = await me.call("tickets.get", { ticketId: ticket.id });
    expect(back).toMatchObject({ status: "valid", attendeeName: "Attendee 1" });
    expect(back.qr).not.toBe(ticket.qr);
  });
});
