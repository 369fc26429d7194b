import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuestionKind, QuestionScope } from "#contract/event-questions.ts";
import { orderFunctions } from "#server/modules/orders/orders.functions.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { bookingsKit, holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext } from "#tests/support/kits/profile-test-kit.ts";

async function addQuestion(
  db: Executor,
  eventId: string,
  q: { label: string; kind: QuestionKind; scope: QuestionScope; position: number },
) {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into event_questions (event_id, label, kind, scope, position, options)
      values (${eventId}::uuid, ${q.label}, ${q.kind}, ${q.scope}, ${q.position},
        ${q.kind === "choice" ? "{S,M,L}" : "{}"}::text[]) returning id`,
  );
  if (!row) throw new Error("no question");
  return row.id;
}

async function addAnswer(
  db: Executor,
  a: {
    bookingId: string;
    ticketId: string | null;
    questionId: string | null;
    label: string;
    kind: QuestionKind;
    value: string;
    position: number;
  },
) {
  await db.execute(sql`insert into booking_answers (booking_id, ticket_id, question_id, label,
      kind, value, position)
    values (${a.bookingId}::uuid, ${a.ticketId}::uuid, ${a.questionId}::uuid, ${a.label},
      ${a.kind}, ${a.value}, ${a.position})`);
}

const fixed = "Attendee,Ticket type,Status,Holder,Booking reference,Checked in at,Ticket";

/** The export's lines after the head, by ticket id: the cells after the fixed ones. */
function answersByTicket(lines: string): Map<string, string[]> {
  return new Map(
    lines
      .split("\r\n")
      .filter(Boolean)
      .map((line) => {
        const cells = line.split(",");
        return [nth(cells, 6), cells.slice(7)];
      }),
  );
}

/** The attendees CSV's answer columns (decision 037): one per question, the ticket's and its order's answers. */
describe.each(testDatabases)("the attendees CSV with answers on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Awaited<ReturnType<typeof bookingsKit>>;
  const registry = createRegistry(orderFunctions);
  const organiser = (userId: string) => {
    const ctx = functionContext(kit.services, { userId, sessionId: "s", roles: [] });
    return (data: unknown) =>
      // biome-ignore lint/suspicious/noExplicitAny: the test reads the batch's fields
      registry.invoke("orders.exportCsv", data, ctx) as Promise<any>;
  };

  beforeAll(async () => {
    database = await open();
    kit = await bookingsKit(database);
  });
  afterAll(() => database.dispose());

  const ticketsOf = (bookingId: string) =>
    rowsOf<{ id: string }>(
      database.db,
      sql`select id from tickets where booking_id = ${bookingId}::uuid order by id`,
    );

  it("adds a column per question: the ticket's answer, its order's, a ticked box as Yes, removed questions last", async () => {
    const db = database.db;
    const { event, types, owner } = await makeEvent(db);
    const type = nth(types, 0).id;
    const shirt = await addQuestion(db, event.id, {
      label: "T-shirt size",
      kind: "choice",
      scope: "attendee",
      position: 0,
    });
    const company = await addQuestion(db, event.id, {
      label: "Company",
      kind: "text",
      scope: "order",
      position: 1,
    });
    const terms = await addQuestion(db, event.id, {
      label: "Agree to terms",
      kind: "checkbox",
      scope: "order",
      position: 2,
    });
    const ada = await kit.buyer({ name: "Ada" });
    const alan = await kit.buyer({ name: "Alan" });
    const pair = (await holdAndConfirm(ada, event.shortId, type, 2)).booking;
    const single = (await holdAndConfirm(alan, event.shortId, type, 1)).booking;
    const [first, second] = await ticketsOf(pair.id);
    const [alone] = await ticketsOf(single.id);
    if (!first || !second || !alone) throw new Error("no tickets");
    const answer = (a: Omit<Parameters<typeof addAnswer>[1], "position">, position = 0) =>
      addAnswer(db, { ...a, position });
    // The first ticket answered before the question was reworded: its column is still the question's.
    await answer({
      bookingId: pair.id,
      ticketId: first.id,
      questionId: shirt,
      label: "Shirt size",
      kind: "choice",
      value: "M",
    });
    await answer({
      bookingId: pair.id,
      ticketId: second.id,
      questionId: shirt,
      label: "T-shirt size",
      kind: "choice",
      value: "L",
    });
    await answer({
      bookingId: pair.id,
      ticketId: null,
      questionId: company,
      label: "Company",
      kind: "text",
      value: "=cmd|' /C calc'!A0",
    });
    await answer({
      bookingId: pair.id,
      ticketId: null,
      questionId: terms,
      label: "Agree to terms",
      kind: "checkbox",
      value: "yes",
    });
    // A question since removed: its answer keeps its label, the question id is gone.
    await answer(
      {
        bookingId: single.id,
        ticketId: alone.id,
        questionId: null,
        label: "Dietary needs",
        kind: "text",
        value: "Vegan",
      },
      3,
    );

    const batch = await organiser(owner.id)({ eventId: event.id, kind: "attendees" });
    expect(batch.head).toBe(`\uFEFF${fixed},T-shirt size,Company,Agree to terms,Dietary needs\r\n`);
    expect(batch.rows).toBe(3);
    const rows = answersByTicket(batch.lines);
    expect(rows.get(first.id)).toEqual(["M", "'=cmd|' /C calc'!A0", "Yes", ""]);
    expect(rows.get(second.id)).toEqual(["L", "'=cmd|' /C calc'!A0", "Yes", ""]);
    expect(rows.get(alone.id)).toEqual(["", "", "", "Vegan"]);
  });

  it("keeps the fixed columns alone for an event without questions", async () => {
    const { event, types, owner } = await makeEvent(database.db);
    const buyer = await kit.buyer();
    const { booking } = await holdAndConfirm(buyer, event.shortId, nth(types, 0).id, 2);
    const batch = await organiser(owner.id)({ eventId: event.id, kind: "attendees" });
    expect(batch.head).toBe(`\uFEFF${fixed}\r\n`);
    const rows = answersByTicket(batch.lines);
    expect([...rows.values()]).toEqual([[], []]);
    expect(batch.lines).toContain(`,${booking.reference},`);
  });
});
