import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { addDays, seriesFixture } from "#tests/support/kits/event-series-test-kit.ts";
import { eventTestKit, type Person } from "#tests/support/kits/event-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { getEventPage } from "./event-page.service.ts";
import { events, ticketTypes } from "./events.schema.ts";

describe.each(testDatabases)("event series' plan slot and public page on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ReturnType<typeof eventTestKit>;
  let owner: Person;
  let series: ReturnType<typeof seriesFixture>;

  beforeAll(async () => {
    database = await open();
    kit = eventTestKit(database);
    owner = await kit.person({ business: true, plan: "pro" });
    series = seriesFixture(database);
  });
  afterAll(() => database?.dispose());

  const wednesdayEvent = (who: Person = owner, options: { draft?: boolean } = {}) =>
    series.wednesdayEvent(who, options);
  const repeatWeekly = (who: Person, eventId: string, untilLocal: string) =>
    series.repeatWeekly(who, eventId, untilLocal);

  it("counts a published series as one plan slot on the free plan", async () => {
    const free = await kit.person({ business: true, plan: "free" });
    const { eventId, day } = await wednesdayEvent(free);
    const { dates } = await repeatWeekly(free, eventId, addDays(day, 7 * 20));
    expect(dates).toHaveLength(21);
    expect(dates.every((d) => d.status === "published")).toBe(true);
    await wednesdayEvent(free);
    await wednesdayEvent(free);
    // A series date unpublished and published again needs no new slot.
    await free.call("events.unpublish", { eventId: dates[3]?.eventId });
    await expect(free.call("events.publish", { eventId: dates[3]?.eventId })).resolves.toEqual({
      status: "published",
    });
    // More dates of the published series: no new slot either.
    await expect(
      free.call("events.addDate", { eventId, startsLocal: `${addDays(day, 1)}T19:30` }),
    ).resolves.toMatchObject({ seriesId: expect.any(String) });
    const fourth = await wednesdayEvent(free, { draft: true });
    await expect(
      refusal(free.call("events.publish", { eventId: fourth.eventId })),
    ).resolves.toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "plan-limit", limit: 3 },
    });
  });

  it("lists the series' published dates that have not ended on the event page, with availability", async () => {
    const { eventId, day } = await wednesdayEvent();
    const { dates } = await repeatWeekly(owner, eventId, addDays(day, 28));
    const ids = dates.map((d) => d.eventId);
    expect(ids).toHaveLength(5);
    // Date 2 sold out, date 3 back to draft, date 4 with a few left (2 of 120).
    const typesOf = (id: string | undefined) =>
      database.db
        .select()
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, id ?? ""));
    for (const type of await typesOf(ids[1])) {
      await database.db
        .update(ticketTypes)
        .set({ taken: type.capacity })
        .where(eq(ticketTypes.id, type.id));
    }
    await owner.call("events.unpublish", { eventId: ids[2] });
    for (const type of await typesOf(ids[3])) {
      await database.db
        .update(ticketTypes)
        .set({ taken: type.capacity - 1 })
        .where(eq(ticketTypes.id, type.id));
    }
    // Someone waits for date 5's VIP tickets: its 20 free ones are the list's, not the public's.
    const vip = (await typesOf(ids[4])).find((type) => type.name === "VIP");
    await database.db.execute(
      sql`insert into waiting_list_entries (event_id, ticket_type_id, user_id, quantity)
        values (${ids[4]}, ${vip?.id}, ${owner.userId}, 2)`,
    );
    const first = dates[0];
    if (!first) throw new Error("no first date");
    const page = await getEventPage(database.db, first.shortId, null);
    expect(page.series?.map((d) => [d.eventId, d.remaining, d.availability])).toEqual([
      [ids[0], 120, "available"],
      [ids[1], 0, "sold-out"],
      [ids[3], 2, "few-left"],
      [ids[4], 100, "available"],
    ]);
    expect(page.series?.[0]?.path).toBe(first.path);

    // The first date over: gone from the list; a one-off event has none.
    await database.db.execute(
      sql`update events set starts_at = now() - interval '5 hours', ends_at = now() - interval '2 hours'
        where id = ${ids[0]}`,
    );
    const later = await getEventPage(database.db, dates[4]?.shortId ?? "", null);
    expect(later.series?.map((d) => d.eventId)).toEqual([ids[1], ids[3], ids[4]]);
    const oneOff = await wednesdayEvent();
    const [row] = await database.db.select().from(events).where(eq(events.id, oneOff.eventId));
    expect((await getEventPage(database.db, row?.shortId ?? "", null)).series).toBeNull();
  });
});
