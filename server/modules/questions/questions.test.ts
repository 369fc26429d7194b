import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventQuestion } from "#contract/event-questions.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { makeEvent, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import {
  askQuestions,
  questionInput,
  questionsKit,
} from "#tests/support/kits/questions-test-kit.ts";

const labels = (questions: EventQuestion[]) => questions.map((question) => question.label);

describe.each(testDatabases)("questions on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof questionsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await questionsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  async function ownedEvent() {
    const made = await makeEvent(db.db, {
      types: [{ name: "Standard" }, { name: "VIP" }],
    });
    return { ...made, owner: kit.asUser(made.owner.id) };
  }

  it("saves questions at the end, changes one in place, lists them with the event's types", async () => {
    const { event, types, owner } = await ownedEvent();
    const size = await owner.call(
      "questions.save",
      questionInput(event.id, {
        label: "  T-shirt size ",
        kind: "choice",
        options: [" S ", "M", "", "L"],
        required: true,
        scope: "attendee",
      }),
    );
    expect(size).toMatchObject({
      label: "T-shirt size",
      kind: "choice",
      options: ["S", "M", "L"],
      required: true,
      scope: "attendee",
      ticketTypeIds: [],
      position: 0,
    });
    const terms = await owner.call(
      "questions.save",
      questionInput(event.id, {
        label: "I agree to the terms",
        kind: "checkbox",
        // Options of a kind other than choice are ignored.
        options: ["ignored", "too"],
        ticketTypeIds: [nth(types, 1).id, nth(types, 1).id],
      }),
    );
    expect(terms).toMatchObject({ position: 1, options: [], ticketTypeIds: [nth(types, 1).id] });
    const changed = await owner.call(
      "questions.save",
      questionInput(event.id, { id: size.id, label: "Shirt size", kind: "text" }),
    );
    expect(changed).toMatchObject({ id: size.id, label: "Shirt size", options: [], position: 0 });
    const view = await owner.call("questions.forEvent", { eventId: event.id });
    expect(view).toMatchObject({ eventId: event.id, shortId: event.shortId, title: event.title });
    expect(view.ticketTypes).toEqual([
      { id: nth(types, 0).id, name: "Standard", hidden: false },
      { id: nth(types, 1).id, name: "VIP", hidden: false },
    ]);
    expect(labels(view.questions)).toEqual(["Shirt size", "I agree to the terms"]);
  });

  it("moves a question up and down, staying put at either end, and removes one", async () => {
    const { event, owner } = await ownedEvent();
    const [a, b, c] = await askQuestions(owner, event.id, [
      { label: "A" },
      { label: "B" },
      { label: "C" },
    ]);
    const move = async (id: string | undefined, direction: "up" | "down") =>
      labels((await owner.call("questions.move", { eventId: event.id, id, direction })).questions);
    expect(await move(c?.id, "up")).toEqual(["A", "C", "B"]);
    expect(await move(a?.id, "up")).toEqual(["A", "C", "B"]);
    expect(await move(a?.id, "down")).toEqual(["C", "A", "B"]);
    expect(await move(b?.id, "down")).toEqual(["C", "A", "B"]);
    const view = await owner.call("questions.forEvent", { eventId: event.id });
    expect(view.questions.map((q: EventQuestion) => q.position)).toEqual([0, 1, 2]);
    expect(await owner.call("questions.remove", { eventId: event.id, id: a?.id })).toEqual({
      removed: true,
    });
    expect(
      labels((await owner.call("questions.forEvent", { eventId: event.id })).questions),
    ).toEqual(["C", "B"]);
    // A new one goes at the end still.
    const [d] = await askQuestions(owner, event.id, [{ label: "D" }]);
    expect(await move(d?.id, "up")).toEqual(["C", "D", "B"]);
    const gone = await owner.fail("questions.remove", { eventId: event.id, id: a?.id });
    expect([gone.status, gone.message]).toEqual(["NOT_FOUND", "Question not found."]);
  });

  it("answers NOT_FOUND to anyone but the event's owner, and changes nothing", async () => {
    const { event, owner } = await ownedEvent();
    const [asked] = await askQuestions(owner, event.id, [{ label: "Mine" }]);
    const other = await makeEvent(db.db);
    const stranger = kit.asUser(other.owner.id);
    for (const [name, data] of [
      ["questions.forEvent", { eventId: event.id }],
      ["questions.save", questionInput(event.id)],
      ["questions.save", questionInput(event.id, { id: asked?.id, label: "Theirs" })],
      ["questions.remove", { eventId: event.id, id: asked?.id }],
      ["questions.move", { eventId: event.id, id: asked?.id, direction: "down" }],
    ] as const) {
      const refused = await stranger.fail(name, data);
      expect([name, refused.status, refused.message]).toEqual([
        name,
        "NOT_FOUND",
        "Event not found.",
      ]);
    }
    // A question of another event, through an event the caller owns: not found either.
    const [theirs] = await askQuestions(stranger, other.event.id, [{ label: "Theirs" }]);
    const crossed = await owner.fail(
      "questions.save",
      questionInput(event.id, { id: theirs?.id, label: "Taken over" }),
    );
    expect([crossed.status, crossed.message]).toEqual(["NOT_FOUND", "Question not found."]);
    const view = await owner.call("questions.forEvent", { eventId: event.id });
    expect(labels(view.questions)).toEqual(["Mine"]);
    expect((await kit.as(null).fail("questions.forEvent", { eventId: event.id })).status).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("refuses each invalid field with its path and message", async () => {
    const { event, owner } = await ownedEvent();
    const other = await makeEvent(db.db);
    const choice = { kind: "choice" as const };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ label: "   " }, "label", "Enter the question."],
      [{ label: "x".repeat(201) }, "label", "Use at most 200 characters."],
      [{ ...choice, options: ["Only"] }, "options", "Give at least 2 options."],
      [{ ...choice, options: [] }, "options", "Give at least 2 options."],
      [
        { ...choice, options: Array.from({ length: 21 }, (_, i) => `Option ${i}`) },
        "options",
        "Give at most 20 options.",
      ],
      [
        { ...choice, options: ["Small", "Large", "small"] },
        "options.2",
        "This option is already in the list.",
      ],
      [
        { ...choice, options: ["Small", "x".repeat(101)] },
        "options.1",
        "Use at most 100 characters.",
      ],
      [
        { ticketTypeIds: [nth(other.types, 0).id] },
        "ticketTypeIds.0",
        "Choose a ticket type of this event.",
      ],
      [{ kind: "number" }, "kind", "Choose what kind of answer."],
      [{ scope: "ticket" }, "scope", "Choose whether it is asked per order or per attendee."],
    ];
    for (const [overrides, path, message] of cases) {
      const refused = await owner.fail("questions.save", {
        ...questionInput(event.id),
        ...overrides,
      });
      expect([refused.status, refused.details]).toEqual(["INVALID_ARGUMENT", [{ path, message }]]);
    }
    // Options are needed only by a choice: a text question with none is fine.
    await expect(
      owner.call("questions.save", questionInput(event.id, { kind: "date", options: [] })),
    ).resolves.toMatchObject({ kind: "date" });
  });

  it("refuses a 31st question of an event", async () => {
    const { event, owner } = await ownedEvent();
    await db.db.execute(sql`insert into event_questions (event_id, label, kind, scope, position)
      select ${event.id}, 'Q' || n, 'text', 'order', n from generate_series(1, 29) n`);
    await expect(
      owner.call("questions.save", questionInput(event.id, { label: "Thirtieth" })),
    ).resolves.toMatchObject({ position: 30 });
    const refused = await owner.fail(
      "questions.save",
      questionInput(event.id, { label: "One more" }),
    );
    expect(refused.details).toEqual([
      { path: "label", message: "An event asks at most 30 questions." },
    ]);
    const [count] = await rowsOf<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from event_questions where event_id = ${event.id}`,
    );
    expect(Number(count?.n)).toBe(30);
  });

  it("gives a buyer the questions of their own hold: the order's once, each attendee's by type", async () => {
    const { event, types, owner } = await ownedEvent();
    const [standard, vip] = [nth(types, 0).id, nth(types, 1).id];
    const [, , name, dinner] = await askQuestions(owner, event.id, [
      { label: "Invoice address", scope: "order" },
      { label: "VIP parking", scope: "order", ticketTypeIds: [vip] },
      { label: "Badge name", scope: "attendee", kind: "text", required: true },
      {
        label: "Dinner",
        scope: "attendee",
        kind: "choice",
        options: ["Fish", "Veg"],
        ticketTypeIds: [vip],
      },
    ]);
    const me = await kit.buyer();
    const hold = await me.call("holds.create", {
      eventId: event.id,
      items: [
        { ticketTypeId: vip, quantity: 1 },
        { ticketTypeId: standard, quantity: 2 },
      ],
      idempotencyKey: newKey(),
    });
    const asked = await me.call("questions.forHold", { holdId: hold.id });
    expect(labels(asked.order)).toEqual(["Invoice address", "VIP parking"]);
    // The hold's order: Standard (position 0) twice, then VIP.
    expect(asked.attendees.map(labels)).toEqual([
      ["Badge name"],
      ["Badge name"],
      ["Badge name", "Dinner"],
    ]);
    expect(asked.attendees[2]).toEqual([name, dinner]);

    // Without a VIP ticket the VIP questions are not asked.
    const other = await kit.buyer();
    const plain = await other.call("holds.create", {
      eventId: event.id,
      items: [{ ticketTypeId: standard, quantity: 1 }],
      idempotencyKey: newKey(),
    });
    const plainAsked = await other.call("questions.forHold", { holdId: plain.id });
    expect(labels(plainAsked.order)).toEqual(["Invoice address"]);
    expect(plainAsked.attendees.map(labels)).toEqual([["Badge name"]]);

    const refused = await other.fail("questions.forHold", { holdId: hold.id });
    expect([refused.status, refused.message]).toEqual(["NOT_FOUND", "Hold not found."]);
  });
});
