import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeriesView } from "#contract/event-series.ts";
import { noticeFanouts } from "#server/modules/notifications/notifications.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  addDays,
  london,
  type OwnerView,
  seriesFixture,
  wednesdayAfter,
} from "#tests/support/kits/event-series-test-kit.ts";
import { eventFields, eventTestKit, type Person } from "#tests/support/kits/event-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { events, ticketTypes } from "./events.schema.ts";
import { toLocalInput } from "./zoned-time.ts";

describe.each(testDatabases)("event series on $name", ({ open }) => {
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

  it("repeats a Wednesday event every Wednesday for a year: 52 dates, 19:30 London across DST, each with its own types", async () => {
    const { eventId, day } = await wednesdayEvent();
    const made = await repeatWeekly(owner, eventId, addDays(day, 357));
    expect(made.dates).toHaveLength(52);
    expect(made.dates[0]?.eventId).toBe(eventId);
    const rows = await database.db
      .select()
      .from(events)
      .where(eq(events.seriesId, made.seriesId))
      .orderBy(asc(events.startsAt));
    expect(rows).toHaveLength(52);
    rows.forEach((row, i) => {
      expect(toLocalInput(row.startsAt, london)).toBe(`${addDays(day, 7 * i)}T19:30`);
      expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe(3 * 3_600_000);
      expect(row).toMatchObject({
        status: "published",
        title: "Jazz Night",
        venueName: "Blue Note",
      });
      expect(row.publishedAt).toBeInstanceOf(Date);
    });
    // A year in London crosses both DST changes: the UTC hour is not always the same.
    expect(new Set(rows.map((row) => row.startsAt.getUTCHours())).size).toBe(2);
    expect(new Set(rows.map((row) => row.shortId)).size).toBe(52);

    const types = await database.db
      .select()
      .from(ticketTypes)
      .where(
        inArray(
          ticketTypes.eventId,
          rows.map((row) => row.id),
        ),
      );
    expect(types).toHaveLength(104);
    expect(types.every((type) => type.taken === 0)).toBe(true);
    const general = types
      .filter((type) => type.name === "General admission")
      .map((type) => {
        const date = rows.find((row) => row.id === type.eventId);
        return (date?.startsAt.getTime() ?? 0) - (type.salesEndAt?.getTime() ?? 0);
      });
    // Each date's sales end shifts by the same offset as its start: 90 minutes before it.
    expect(general.every((gap) => gap === 5_400_000)).toBe(true);

    // Re-running is harmless: no date twice.
    const again = await repeatWeekly(owner, eventId, addDays(day, 357));
    expect(again.seriesId).toBe(made.seriesId);
    expect(again.dates).toHaveLength(52);

    const view = await owner.call<OwnerView>("events.getForOwner", { eventId: rows[5]?.id });
    expect(view.series?.seriesId).toBe(made.seriesId);
    expect(view.series?.dates.map((d) => d.eventId)).toEqual(rows.map((row) => row.id));
    expect(view.series?.dates[0]).toMatchObject({
      status: "published",
      remaining: 120,
      availability: "available",
    });
  });

  it("applies a 'future' edit to this date and later ones that have not started, never to past or earlier dates", async () => {
    const { eventId, day } = await wednesdayEvent();
    const { dates } = await repeatWeekly(owner, eventId, addDays(day, 357));
    const ids = dates.map((d) => d.eventId);
    // The first two dates are over.
    for (const [i, id] of ids.slice(0, 2).entries()) {
      await database.db.execute(
        sql`update events set starts_at = now() - make_interval(days => ${20 - i}),
          ends_at = now() - make_interval(days => ${20 - i}) + interval '3 hours' where id = ${id}`,
      );
    }
    const edit = async (index: number, changes: Record<string, unknown>, scope?: string) => {
      const view = await owner.call<OwnerView>("events.getForOwner", { eventId: ids[index] });
      await owner.call("events.update", {
        eventId: ids[index],
        ...eventFields({ startsLocal: view.startsLocal, endsLocal: view.endsLocal, ...changes }),
        ...(scope ? { scope } : {}),
      });
    };
    const titles = async () => {
      const rows = await database.db
        .select({ id: events.id, title: events.title, venueName: events.venueName })
        .from(events)
        .where(inArray(events.id, ids));
      return ids.map((id) => rows.find((row) => row.id === id));
    };

    await edit(9, { title: "Late Jazz", venueName: "Ronnie's" }, "future");
    const after = await titles();
    after.forEach((row, i) => {
      const changed = i >= 9;
      expect(row?.title).toBe(changed ? "Late Jazz" : "Jazz Night");
      expect(row?.venueName).toBe(changed ? "Ronnie's" : "Blue Note");
    });
    // Each changed date's holders are told of the venue, as for a single edit: one
    // fan-out per date from the 10th on (written even while nobody holds a ticket).
    const told = await database.db
      .select({ eventId: noticeFanouts.eventId })
      .from(noticeFanouts)
      .where(and(inArray(noticeFanouts.eventId, ids), eq(noticeFanouts.kind, "event-changed")));
    expect(told.map((row) => row.eventId).sort()).toEqual(ids.slice(9).sort());

    await edit(10, { title: "Just This One" });
    expect((await titles()).map((row) => row?.title).filter((t) => t === "Just This One")).toEqual([
      "Just This One",
    ]);
    expect((await titles())[10]?.title).toBe("Just This One");

    // Times change on this date only, even with scope "future".
    const twelfth = await owner.call<OwnerView>("events.getForOwner", { eventId: ids[12] });
    const thirteenth = await owner.call<OwnerView>("events.getForOwner", { eventId: ids[13] });
    await edit(
      12,
      {
        title: "Late Jazz",
        venueName: "Ronnie's",
        startsLocal: twelfth.startsLocal.replace("T19:30", "T20:00"),
        endsLocal: twelfth.endsLocal,
      },
      "future",
    );
    const movedTwelfth = await owner.call<OwnerView>("events.getForOwner", { eventId: ids[12] });
    const keptThirteenth = await owner.call<OwnerView>("events.getForOwner", { eventId: ids[13] });
    expect(movedTwelfth.startsLocal).toMatch(/T20:00$/);
    expect(keptThirteenth.startsLocal).toBe(thirteenth.startsLocal);
    expect(keptThirteenth.endsLocal).toBe(thirteenth.endsLocal);
  });

  it("adds one date at a chosen start, making a series, and refuses a start it has or a past one", async () => {
    const { eventId, day } = await wednesdayEvent(owner, { draft: true });
    const added = await owner.call<SeriesView>("events.addDate", {
      eventId,
      startsLocal: `${addDays(day, 2)}T21:00`,
    });
    expect(added.dates.map((d) => [d.status, toLocalInput(new Date(d.startsAt), london)])).toEqual([
      ["draft", `${day}T19:30`],
      ["draft", `${addDays(day, 2)}T21:00`],
    ]);
    const copy = added.dates[1];
    expect(new Date(copy?.endsAt ?? 0).getTime() - new Date(copy?.startsAt ?? 0).getTime()).toBe(
      3 * 3_600_000,
    );
    const view = await owner.call<OwnerView>("events.getForOwner", { eventId: copy?.eventId });
    expect(view.ticketTypes.map((t) => [t.name, t.taken])).toEqual([
      ["General admission", 0],
      ["VIP", 0],
    ]);
    // From the copy too: the same series.
    await expect(
      refusal(
        owner.call("events.addDate", { eventId: copy?.eventId, startsLocal: `${day}T19:30` }),
      ),
    ).resolves.toMatchObject({
      status: "INVALID_ARGUMENT",
      details: [{ path: "startsLocal", message: "The series already has a date at this time." }],
    });
    await expect(
      refusal(owner.call("events.addDate", { eventId, startsLocal: "2020-01-01T19:30" })),
    ).resolves.toMatchObject({
      status: "INVALID_ARGUMENT",
      details: [{ path: "startsLocal", message: "The start is in the past." }],
    });
  });

  it("keeps a length that spans midnight: each copy ends the next day, as long", async () => {
    // Fridays, 23:00 to Saturday 01:30: London changes its clocks on Sunday mornings only,
    // so each night lasts 2.5 hours on the wall clock too, whenever the test runs.
    const day = addDays(wednesdayAfter(10), 2);
    const { eventId } = await owner.call<{ eventId: string }>(
      "events.create",
      eventFields({ startsLocal: `${day}T23:00`, endsLocal: `${addDays(day, 1)}T01:30` }),
    );
    const { dates } = await owner.call<SeriesView>("events.repeat", {
      eventId,
      weekdays: [new Date(`${day}T00:00:00Z`).getUTCDay()],
      untilLocal: addDays(day, 14),
    });
    expect(
      dates.map((d) => [
        toLocalInput(new Date(d.startsAt), london),
        toLocalInput(new Date(d.endsAt), london),
      ]),
    ).toEqual([0, 7, 14].map((n) => [`${addDays(day, n)}T23:00`, `${addDays(day, n + 1)}T01:30`]));
  });

  it("refuses a repeat without days, with a last day not after the event, or with too many dates", async () => {
    const { eventId, day } = await wednesdayEvent(owner, { draft: true });
    const field = (path: string, message: string) => ({
      status: "INVALID_ARGUMENT",
      details: [expect.objectContaining({ path, message })],
    });
    await expect(
      refusal(owner.call("events.repeat", { eventId, weekdays: [], untilLocal: addDays(day, 30) })),
    ).resolves.toMatchObject(field("weekdays", "Choose at least one day."));
    for (const untilLocal of [day, addDays(day, -3), "next year", "2027-02-30"]) {
      await expect(
        refusal(owner.call("events.repeat", { eventId, weekdays: [3], untilLocal })),
      ).resolves.toMatchObject(field("untilLocal", "Choose a last day after the event's date."));
    }
    await expect(
      refusal(
        owner.call("events.repeat", { eventId, weekdays: [3], untilLocal: addDays(day, 7 * 104) }),
      ),
    ).resolves.toMatchObject(field("untilLocal", "At most 104 dates: choose an earlier last day."));
    // 103 more weeks make 104 dates: allowed. Nothing was written by the refusals.
    const [count] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(sql`${events.seriesId} is not null and ${events.id} = ${eventId}`);
    expect(count?.n).toBe(0);
    const full = await repeatWeekly(owner, eventId, addDays(day, 7 * 103));
    expect(full.dates).toHaveLength(104);
  });

  it("answers NOT_FOUND to another business, and refuses an ended or cancelled event", async () => {
    const { eventId, day } = await wednesdayEvent(owner, { draft: true });
    const stranger = await kit.person({ business: true, plan: "pro" });
    for (const [name, data] of [
      ["events.repeat", { eventId, weekdays: [3], untilLocal: addDays(day, 14) }],
      ["events.addDate", { eventId, startsLocal: `${addDays(day, 1)}T19:30` }],
    ] as const) {
      await expect(refusal(stranger.call(name, data))).resolves.toMatchObject({
        status: "NOT_FOUND",
      });
    }
    // Ended: nothing to copy from.
    await database.db.execute(
      sql`update events set starts_at = now() - interval '5 hours', ends_at = now() - interval '2 hours'
        where id = ${eventId}`,
    );
    await expect(refusal(repeatWeekly(owner, eventId, addDays(day, 14)))).resolves.toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "ended" },
    });
    await owner.call("events.cancel", { eventId });
    await expect(refusal(repeatWeekly(owner, eventId, addDays(day, 14)))).resolves.toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "cancelled" },
    });
  });

  it("cancels one date of a series only", async () => {
    const { eventId, day } = await wednesdayEvent();
    const { dates } = await repeatWeekly(owner, eventId, addDays(day, 21));
    await owner.call("events.cancel", { eventId: dates[1]?.eventId });
    const rows = await database.db
      .select({ id: events.id, status: events.status })
      .from(events)
      .where(
        inArray(
          events.id,
          dates.map((d) => d.eventId),
        ),
      )
      .orderBy(asc(events.startsAt));
    expect(rows.map((row) => row.status)).toEqual([
      "published",
      "cancelled",
      "published",
      "published",
    ]);
  });
});
