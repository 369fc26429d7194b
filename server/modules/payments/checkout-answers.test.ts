import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKED, type EventQuestionInput } from "#contract/event-questions.ts";
import { saveQuestionInput } from "#server/modules/questions/question-input.ts";
import { saveQuestion } from "#server/modules/questions/save-question.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { checkoutKit, holdOf } from "#tests/support/kits/checkout-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";
import { questionInput } from "#tests/support/kits/questions-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { checkouts } from "./payments.schema.ts";

describe.each(testDatabases)("answers of a card checkout (Stripe peer) on $name", (database) => {
  let db: TestDatabase;
  let peer: StripePeer;
  let kit: Awaited<ReturnType<typeof checkoutKit>>;
  beforeAll(async () => {
    db = await database.open();
    peer = await startStripePeer();
    kit = await checkoutKit(db, peer);
  }, 120_000);
  afterAll(async () => {
    await peer?.close();
    await db?.dispose();
  });

  /** A card event asking the order's required terms box and each attendee's required size. */
  async function cardEventWithQuestions() {
    const made = await kit.cardEvent({ types: [{ priceMinor: 2000, capacity: 10 }] });
    const ask = (fields: Partial<EventQuestionInput>) =>
      saveQuestion(
        db.db,
        made.owner.id,
        saveQuestionInput.parse(questionInput(made.event.id, fields)),
      );
    const terms = await ask({
      label: "I agree to the terms",
      kind: "checkbox",
      required: true,
      scope: "order",
    });
    const size = await ask({
      label: "T-shirt size",
      kind: "choice",
      options: ["S", "M", "L"],
      required: true,
      scope: "attendee",
    });
    const me = await kit.buyer();
    const hold = await holdOf(me, made.event.id, [
      { ticketTypeId: nth(made.types, 0).id, quantity: 2 },
    ]);
    return { ...made, me, hold, terms, size };
  }

  it("refuses a missing required answer before any checkout row or provider call", async () => {
    const { me, hold, terms, size } = await cardEventWithQuestions();
    const sessionsBefore = peer.store.sessions.size;
    const refused = await me.fail("payments.startCheckout", {
      holdId: hold.id,
      attendees: [{ name: "Ada", answers: { [size.id]: "M" } }, { name: "Bob" }],
    });
    expect(refused.status).toBe("INVALID_ARGUMENT");
    expect(refused.details).toEqual([
      { path: `answers.${terms.id}`, message: "Tick this box to go on." },
      { path: `attendees.1.answers.${size.id}`, message: "Answer this question." },
    ]);
    expect(peer.store.sessions.size).toBe(sessionsBefore);
    expect(await db.db.select().from(checkouts).where(eq(checkouts.holdId, hold.id))).toEqual([]);
  });

  it("keeps the answers of the latest start and writes them once on the booking made when paid", async () => {
    const { me, hold, terms, size } = await cardEventWithQuestions();
    await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: [
        { name: "Ada", answers: { [size.id]: "S" } },
        { name: "Bob", answers: { [size.id]: "S" } },
      ],
      answers: { [terms.id]: CHECKED },
    });
    // Back from the payment page, the buyer changes an answer and pays.
    const started = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: [
        { name: "Ada", answers: { [size.id]: " L " } },
        { name: "Bob", answers: { [size.id]: "M" } },
      ],
      answers: { [terms.id]: CHECKED },
    });
    const [row] = await db.db.select().from(checkouts).where(eq(checkouts.holdId, hold.id));
    expect(row).toMatchObject({
      attendees: [
        { name: "Ada", answers: { [size.id]: "L" } },
        { name: "Bob", answers: { [size.id]: "M" } },
      ],
      orderAnswers: { [terms.id]: CHECKED },
    });
    await peer.pay(row?.providerCheckoutId ?? "");
    const status = await me.call("payments.checkoutStatus", { checkoutId: started.checkoutId });
    expect(status).toMatchObject({ status: "booked" });
    // Asking again (the return page, the webhook, the reconciliation): still written once.
    await me.call("payments.checkoutStatus", { checkoutId: started.checkoutId });
    const booking = await me.call("bookings.get", { reference: status.bookingReference });
    const ticketOf = new Map(
      booking.tickets.map((t: { id: string; attendeeName: string }) => [t.attendeeName, t.id]),
    );
    expect(booking.answers).toEqual([
      { label: "I agree to the terms", kind: "checkbox", value: "yes", ticketId: null },
      { label: "T-shirt size", kind: "choice", value: "L", ticketId: ticketOf.get("Ada") },
      { label: "T-shirt size", kind: "choice", value: "M", ticketId: ticketOf.get("Bob") },
    ]);
    const [count] = await rowsOf<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from booking_answers where booking_id = ${booking.id}::uuid`,
    );
    expect(Number(count?.n)).toBe(3);
  });

  it("books a paid checkout even when the questions changed meanwhile, leaving out what no longer fits", async () => {
    const { owner, event, me, hold, terms, size } = await cardEventWithQuestions();
    const started = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: [
        { name: "Ada", answers: { [size.id]: "S" } },
        { name: "Bob", answers: { [size.id]: "M" } },
      ],
      answers: { [terms.id]: CHECKED },
    });
    // While the buyer pays, the organiser drops "S" and removes the terms box.
    await saveQuestion(
      db.db,
      owner.id,
      saveQuestionInput.parse(
        questionInput(event.id, {
          id: size.id,
          label: "T-shirt size",
          kind: "choice",
          options: ["M", "L"],
          required: true,
          scope: "attendee",
        }),
      ),
    );
    await db.db.execute(sql`delete from event_questions where id = ${terms.id}::uuid`);
    const [row] = await db.db.select().from(checkouts).where(eq(checkouts.holdId, hold.id));
    await peer.pay(row?.providerCheckoutId ?? "");
    const status = await me.call("payments.checkoutStatus", { checkoutId: started.checkoutId });
    expect(status).toMatchObject({ status: "booked" });
    const booking = await me.call("bookings.get", { reference: status.bookingReference });
    expect(
      booking.answers.map((a: { label: string; value: string }) => [a.label, a.value]),
    ).toEqual([["T-shirt size", "M"]]);
  });
});
