import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeriesView } from "#contract/event-series.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { addDays, seriesFixture } from "#tests/support/kits/event-series-test-kit.ts";
import { eventTestKit, type Person } from "#tests/support/kits/event-test-kit.ts";

type QuestionRow = {
  event_id: string;
  label: string;
  kind: string;
  options: string[];
  required: boolean;
  scope: string;
  type_names: string[];
  type_events: string[];
  position: number;
};

/** A series' dates copy the event's checkout questions (decision 037), types mapped to their copies. */
describe.each(testDatabases)("a series' questions on $name", ({ open }) => {
  let database: TestDatabase;
  let owner: Person;
  let series: ReturnType<typeof seriesFixture>;

  beforeAll(async () => {
    database = await open();
    const kit = eventTestKit(database);
    owner = await kit.person({ business: true, plan: "pro" });
    series = seriesFixture(database);
  });
  afterAll(() => database?.dispose());

  /** The questions of `eventIds`, their types by name and by the event they belong to. */
  const questionsOf = (eventIds: string[]) =>
    rowsOf<QuestionRow>(
      database.db,
      sql`select q.event_id, q.label, q.kind, q.options, q.required, q.scope, q.position,
          array(select t.name from unnest(q.ticket_type_ids) with ordinality u(id, n)
            join ticket_types t on t.id = u.id order by u.n) as type_names,
          array(select distinct t.event_id::text from unnest(q.ticket_type_ids) u(id)
            join ticket_types t on t.id = u.id) as type_events
        from event_questions q
        where q.event_id in (${sql.join(
          eventIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by q.event_id, q.position`,
    );

  it("copies the questions to repeated and added dates, each naming its own date's types", async () => {
    const { eventId, day } = await series.wednesdayEvent(owner);
    const typeId = async (name: string) => {
      const [row] = await rowsOf<{ id: string }>(
        database.db,
        sql`select id from ticket_types where event_id = ${eventId}::uuid and name = ${name}`,
      );
      if (!row) throw new Error(`no type ${name}`);
      return row.id;
    };
    const general = await typeId("General admission");
    const vip = await typeId("VIP");
    const ask = (
      label: string,
      kind: string,
      scope: string,
      types: string[],
      position: number,
      options: string[] = [],
    ) =>
      database.db.execute(sql`insert into event_questions (event_id, label, kind, options,
          required, scope, ticket_type_ids, position)
        values (${eventId}::uuid, ${label}, ${kind},
          ${`{${options.join(",")}}`}::text[], ${kind === "checkbox"}, ${scope},
          ${`{${types.join(",")}}`}::uuid[], ${position})`);
    await ask("Company", "text", "order", [], 0);
    await ask("T-shirt size", "choice", "attendee", [vip], 1, ["S", "M", "L"]);
    await ask("Agree to terms", "checkbox", "order", [vip, general], 2);
    // Asked only of a type the event no longer has: it asks nobody, and is not copied.
    await ask("Old question", "text", "attendee", [randomUUID()], 3);

    const repeated = await series.repeatWeekly(owner, eventId, addDays(day, 14));
    const added = await owner.call<SeriesView>("events.addDate", {
      eventId,
      startsLocal: `${addDays(day, 1)}T19:30`,
    });
    expect(repeated.dates).toHaveLength(3);
    expect(added.dates).toHaveLength(4);
    const copies = added.dates.map((d) => d.eventId).filter((id) => id !== eventId);
    const copied = await questionsOf(copies);
    expect(copied).toHaveLength(3 * 3);
    for (const copy of copies) {
      const own = copied.filter((q) => q.event_id === copy);
      expect(own.map(({ event_id: _, type_events: __, ...q }) => q)).toEqual([
        {
          label: "Company",
          kind: "text",
          options: [],
          required: false,
          scope: "order",
          type_names: [],
          position: 0,
        },
        {
          label: "T-shirt size",
          kind: "choice",
          options: ["S", "M", "L"],
          required: false,
          scope: "attendee",
          type_names: ["VIP"],
          position: 1,
        },
        {
          label: "Agree to terms",
          kind: "checkbox",
          options: [],
          required: true,
          scope: "order",
          type_names: ["VIP", "General admission"],
          position: 2,
        },
      ]);
      // The types named are the date's own copies, never the source's.
      for (const q of own) expect(q.type_events.every((e) => e === copy)).toBe(true);
    }
    // The source keeps its own, the unanswerable one included.
    expect(await questionsOf([eventId])).toHaveLength(4);
  });

  it("copies no questions for an event without any", async () => {
    const { eventId, day } = await series.wednesdayEvent(owner);
    const made = await series.repeatWeekly(owner, eventId, addDays(day, 7));
    expect(made.dates).toHaveLength(2);
    expect(await questionsOf(made.dates.map((d) => d.eventId))).toEqual([]);
  });
});
