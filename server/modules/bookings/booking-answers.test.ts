import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKED, type EventQuestion } from "#contract/event-questions.ts";
import { eraseAccount } from "#server/modules/profile/account-deletion.service.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { accountDeletionSteps } from "#server/steps/account-deletion.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { makeEvent, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { askQuestions, questionsKit } from "#tests/support/kits/questions-test-kit.ts";

type StoredAnswer = {
  question_id: string | null;
  ticket_id: string | null;
  attendee_name: string | null;
  label: string;
  kind: string;
  value: string;
};

describe.each(testDatabases)("answers at checkout on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof questionsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await questionsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  const storedAnswers = (bookingId: string) =>
    rowsOf<StoredAnswer>(
      db.db,
      sql`select a.question_id, a.ticket_id, t.attendee_name, a.label, a.kind, a.value
        from booking_answers a left join tickets t on t.id = a.ticket_id
        where a.booking_id = ${bookingId}::uuid order by a.position, t.created_at`,
    );

  /**
   * An event with two types asking: the order's required terms box and optional company;
   * each attendee's required date of birth, and a dinner choice for VIPs only.
   */
  async function eventWithQuestions() {
    const made = await makeEvent(db.db, { types: [{ name: "Standard" }, { name: "VIP" }] });
    const owner = kit.asUser(made.owner.id);
    const vip = nth(made.types, 1).id;
    const [terms, company, birth, dinner] = (await askQuestions(owner, made.event.id, [
      { label: "I agree to the terms", kind: "checkbox", required: true, scope: "order" },
      { label: "Company", kind: "text", scope: "order" },
      { label: "Date of birth", kind: "date", required: true, scope: "attendee" },
      {
        label: "Dinner",
        kind: "choice",
        options: ["Fish", "Veg"],
        required: true,
        scope: "attendee",
        ticketTypeIds: [vip],
      },
    ])) as [EventQuestion, EventQuestion, EventQuestion, EventQuestion];
    const buyer = await kit.buyer();
    // The hold's order: Standard, then VIP (by the types' positions).
    const hold = await buyer.call("holds.create", {
      eventId: made.event.id,
      items: [
        { ticketTypeId: nth(made.types, 0).id, quantity: 1 },
        { ticketTypeId: vip, quantity: 1 },
      ],
      idempotencyKey: newKey(),
    });
    return { ...made, buyer, hold, q: { terms, company, birth, dinner } };
  }

  it("refuses every missing or wrong answer at once, with its path, and books nothing", async () => {
    const { event, buyer, hold, q } = await eventWithQuestions();
    const refused = await buyer.fail("bookings.confirm", {
      holdId: hold.id,
      attendees: [
        { name: "Ada", answers: { [q.birth.id]: "  " } },
        { name: "Bob", answers: { [q.birth.id]: "2001-02-30", [q.dinner.id]: "Beef" } },
      ],
      answers: { [q.terms.id]: "" },
      idempotencyKey: newKey(),
    });
    expect(refused.status).toBe("INVALID_ARGUMENT");
    expect(refused.details).toEqual([
      { path: `answers.${q.terms.id}`, message: "Tick this box to go on." },
      { path: `attendees.0.answers.${q.birth.id}`, message: "Answer this question." },
      { path: `attendees.1.answers.${q.birth.id}`, message: "Enter a date like 2026-12-31." },
      { path: `attendees.1.answers.${q.dinner.id}`, message: "Choose one of the options." },
    ]);
    // One wrong answer alone: its own message.
    const one = await buyer.fail("bookings.confirm", {
      holdId: hold.id,
      attendees: [
        { name: "Ada", answers: { [q.birth.id]: "1990-05-01" } },
        { name: "Bob", answers: { [q.birth.id]: "1991-06-02" } },
      ],
      answers: { [q.terms.id]: CHECKED },
      idempotencyKey: newKey(),
    });
    expect([one.message, one.details]).toEqual([
      "Answer this question.",
      [{ path: `attendees.1.answers.${q.dinner.id}`, message: "Answer this question." }],
    ]);
    const [counts] = await rowsOf<{ bookings: number; answers: number }>(
      db.db,
      sql`select (select count(*)::int from bookings where event_id = ${event.id}) as bookings,
        (select count(*)::int from booking_answers a join bookings b on b.id = a.booking_id
          where b.event_id = ${event.id}) as answers`,
    );
    expect(counts).toEqual({ bookings: 0, answers: 0 });
    expect(await buyer.call("holds.current", { eventId: event.id })).toMatchObject({
      id: hold.id,
      live: true,
    });
  });

  it("writes the order's answers and each attendee's on the ticket issued for them", async () => {
    const { buyer, hold, q } = await eventWithQuestions();
    const booking = await buyer.call("bookings.confirm", {
      holdId: hold.id,
      attendees: [
        // Dinner is not asked of a Standard ticket: ignored.
        { name: "Ada", answers: { [q.birth.id]: " 1990-05-01 ", [q.dinner.id]: "Fish" } },
        { name: "Bob", answers: { [q.birth.id]: "1991-06-02", [q.dinner.id]: "Veg" } },
      ],
      // Company left empty: nothing stored; an unknown question: ignored.
      answers: {
        [q.terms.id]: CHECKED,
        [q.company.id]: "",
        "00000000-0000-4000-8000-000000000000": "x",
      },
      idempotencyKey: newKey(),
    });
    const stored = await storedAnswers(booking.id);
    expect(stored.map((a) => [a.label, a.attendee_name, a.value])).toEqual([
      ["I agree to the terms", null, "yes"],
      ["Date of birth", "Ada", "1990-05-01"],
      ["Date of birth", "Bob", "1991-06-02"],
      ["Dinner", "Bob", "Veg"],
    ]);
    expect(stored[0]).toMatchObject({ ticket_id: null, question_id: q.terms.id, kind: "checkbox" });
    // The booking shows them, with the tickets they answer for.
    const ticketOf = new Map(
      booking.tickets.map((t: { id: string; attendeeName: string }) => [t.attendeeName, t.id]),
    );
    expect(booking.answers).toEqual([
      { label: "I agree to the terms", kind: "checkbox", value: "yes", ticketId: null },
      { label: "Date of birth", kind: "date", value: "1990-05-01", ticketId: ticketOf.get("Ada") },
      { label: "Date of birth", kind: "date", value: "1991-06-02", ticketId: ticketOf.get("Bob") },
      { label: "Dinner", kind: "choice", value: "Veg", ticketId: ticketOf.get("Bob") },
    ]);
  });

  it("erases a deleted account's answers with it, its booking kept for the organiser", async () => {
    const { event, buyer, hold, q } = await eventWithQuestions();
    const booking = await buyer.call("bookings.confirm", {
      holdId: hold.id,
      attendees: [
        { name: "Ada", answers: { [q.birth.id]: "1990-05-01" } },
        { name: "Bob", answers: { [q.birth.id]: "1991-06-02", [q.dinner.id]: "Fish" } },
      ],
      answers: { [q.terms.id]: CHECKED, [q.company.id]: "Acme Widgets" },
      idempotencyKey: newKey(),
    });
    // Another buyer's answers for the same event stay.
    const other = await kit.buyer();
    const otherHold = await other.call("holds.create", {
      eventId: event.id,
      items: [{ ticketTypeId: hold.items[0].ticketTypeId, quantity: 1 }],
      idempotencyKey: newKey(),
    });
    const kept = await other.call("bookings.confirm", {
      holdId: otherHold.id,
      attendees: [{ name: "Cy", answers: { [q.birth.id]: "1980-01-01" } }],
      answers: { [q.terms.id]: CHECKED },
      idempotencyKey: newKey(),
    });
    expect(await storedAnswers(booking.id)).toHaveLength(5);

    await db.db.transaction((tx) => eraseAccount(tx, buyer.user.id, accountDeletionSteps));

    expect(await storedAnswers(booking.id)).toEqual([]);
    expect(await storedAnswers(kept.id)).toHaveLength(2);
    const [order] = await rowsOf<{ id: string }>(
      db.db,
      sql`select id from bookings where id = ${booking.id}::uuid`,
    );
    expect(order?.id).toBe(booking.id);
  });
});
