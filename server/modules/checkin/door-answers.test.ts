import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuestionKind } from "#contract/event-questions.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";

/** The door shows a ticket's answers (decision 037): its own and its order's, never another's. */
describe.each(testDatabases)("answers at the door on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Awaited<ReturnType<CheckinKit["door"]>>;
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 2 });
    const answer = async (
      bookingId: string,
      ticketId: string | null,
      label: string,
      kind: QuestionKind,
      value: string,
      position: number,
    ) =>
      database.db.execute(sql`insert into booking_answers (booking_id, ticket_id, label, kind,
          value, position)
        values (${bookingId}::uuid, ${ticketId}::uuid, ${label}, ${kind}, ${value}, ${position})`);
    const [first, second] = door.tickets;
    if (!first || !second) throw new Error("no tickets");
    await answer(door.booking.id, null, "Company", "text", "Acme", 0);
    await answer(door.booking.id, first.id, "Dietary needs", "text", "Vegan", 1);
    await answer(door.booking.id, first.id, "Photo consent", "checkbox", "yes", 2);
    await answer(door.booking.id, second.id, "Dietary needs", "text", "None", 1);
    // Another order at the same event: its order answer is not this ticket's.
    const other = await kit.user("Olga Other");
    const { booking } = await holdAndConfirm(
      { call: other.call },
      door.event.shortId,
      nth(door.types, 0).id,
      1,
    );
    await answer(booking.id, null, "Company", "text", "Globex", 0);
  });
  afterAll(() => database?.dispose());

  it("admits with the ticket's own answers and its order's, then answers the same when it is in already", async () => {
    const ticket = nth(door.tickets, 0);
    const scan = kit.scanOf(door.event.id, ticket.manual_code);
    const admitted = await door.staff.call("checkin.scan", scan);
    expect(admitted.verdict).toBe("admitted");
    const expected = [
      { label: "Company", kind: "text", value: "Acme", ticketId: null },
      { label: "Dietary needs", kind: "text", value: "Vegan", ticketId: ticket.id },
      { label: "Photo consent", kind: "checkbox", value: "yes", ticketId: ticket.id },
    ];
    expect(admitted.ticket.answers).toEqual(expected);
    // The careful path (already in) and a retried scan id answer them too.
    const again = await door.staff.call(
      "checkin.scan",
      kit.scanOf(door.event.id, await kit.tokenOf(ticket.id)),
    );
    expect(again.verdict).toBe("already-checked-in");
    expect(again.ticket.answers).toEqual(expected);
    expect(await door.staff.call("checkin.scan", scan)).toEqual(admitted);
    // Never kept with the stored verdicts: they go with the buyer's account.
    const stored = await rowsOf<{ verdict: unknown }>(
      database.db,
      sql`select verdict::text as verdict from check_in_scans where event_id = ${door.event.id}::uuid`,
    );
    expect(stored.length).toBe(2);
    expect(JSON.stringify(stored)).not.toContain("Vegan");
    expect(JSON.stringify(stored)).not.toContain("Acme");
  });

  it("shows the other ticket only its own answer beside the order's", async () => {
    const ticket = nth(door.tickets, 1);
    const admitted = await door.coordinator.call(
      "checkin.scan",
      kit.scanOf(door.event.id, await kit.tokenOf(ticket.id)),
    );
    expect(admitted.verdict).toBe("admitted");
    expect(admitted.ticket.answers).toEqual([
      { label: "Company", kind: "text", value: "Acme", ticketId: null },
      { label: "Dietary needs", kind: "text", value: "None", ticketId: ticket.id },
    ]);
  });

  it("shows another order's ticket its order's answer only, and a code of no ticket nothing", async () => {
    const [olga] = await rowsOf<{ id: string }>(
      database.db,
      sql`select k.id from tickets k join bookings b on b.id = k.booking_id
        join users u on u.id = b.user_id where u.name = 'Olga Other'`,
    );
    const verdict = await door.staff.call("checkin.admit", {
      eventId: door.event.id,
      ticketId: olga?.id,
      scanId: crypto.randomUUID(),
    });
    expect(verdict.verdict).toBe("admitted");
    expect(verdict.ticket.answers).toEqual([
      { label: "Company", kind: "text", value: "Globex", ticketId: null },
    ]);
    const unknown = await door.staff.call("checkin.scan", kit.scanOf(door.event.id, "ABCDE-FGHJK"));
    expect(unknown).toMatchObject({ verdict: "invalid", ticket: null });
  });
});
