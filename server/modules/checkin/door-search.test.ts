import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { bulkBookedEvent } from "#tests/support/kits/bulk-event-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";
import { doorSearchBranches, doorSearchStatement, searchTickets } from "./door-search.ts";

type Booking = { id: string; reference: string; user_id: string };

/**
 * What `checkin.search` answered before issue 27 (one OR no index serves), ties by id, but
 * for the one intended change: digits are a phone number's end only when what was typed
 * looks like a number. Before, a booking reference's digits ("K7P2-0421": "720421") also
 * matched phones, so a random reference sometimes found strangers.
 */
async function searchAsBefore(database: TestDatabase, eventId: string, query: string) {
  const text = query.trim();
  const digits = /^[\d\s+()-]+$/.test(text) ? text.replace(/\D/g, "") : "";
  const reference = text.toUpperCase().replace(/[^0-9A-Z]/g, "");
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf<{ id: string }>(
    database.db,
    sql`select k.id from tickets k join bookings b on b.id = k.booking_id
        left join users h on h.id = k.holder_user_id
      where k.event_id = ${eventId}::uuid and (
        k.attendee_name ilike ${like} or h.name ilike ${like}
        or (${reference.length >= 4} and replace(b.reference, '-', '') = ${reference})
        or (${digits.length >= 4} and (h.phone like ${`%${digits}`} or b.contact_phone like ${`%${digits}`})))
      order by (k.status = 'valid') desc, k.attendee_name, k.id limit 20`,
  );
  return rows.map((r) => r.id);
}

/** Every node of an EXPLAIN (format json) plan. */
function planNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(planNodes)];
}

describe.each(testDatabases)("the door desk's search on $name", ({ open }) => {
  let database: TestDatabase;
  let big: Awaited<ReturnType<typeof bulkBookedEvent>>;
  let small: Awaited<ReturnType<typeof bulkBookedEvent>>;
  let other: Awaited<ReturnType<typeof bulkBookedEvent>>;
  let bookings: Booking[];
  const ids = async (eventId: string, query: string) =>
    (await searchTickets(database.db, eventId, query)).tickets.map((t) => t.id);
  const ticketsOf = async (where: SQL, order = sql`k.id`) =>
    (
      await rowsOf<{ id: string }>(
        database.db,
        sql`select k.id from tickets k join bookings b on b.id = k.booking_id where ${where}
          order by ${order}`,
      )
    ).map((r) => r.id);

  beforeAll(async () => {
    database = await open();
    big = await bulkBookedEvent(database.db, 10_000);
    small = await bulkBookedEvent(database.db, 20);
    other = await bulkBookedEvent(database.db, 12);
    bookings = await rowsOf<Booking>(
      database.db,
      sql`select id, reference, user_id from bookings where event_id = ${small.event.id}::uuid
        order by reference`,
    );
    const [first, second, third] = [nth(bookings, 0), nth(bookings, 1), nth(bookings, 2)];
    // The same guest at both events: the other event's ticket must never show.
    await database.db.execute(sql`update tickets set attendee_name = 'Marguerite Okonkwo-Bell'
      where id in ((select id from tickets where booking_id = ${nth(bookings, 4).id}::uuid limit 1),
        (select id from tickets where event_id = ${other.event.id}::uuid limit 1))`);
    await database.db.execute(sql`update users set name = 'Theodora Quist', phone = '+447700900123'
      where id = ${first.user_id}::uuid`);
    await database.db.execute(
      sql`update bookings set contact_phone = '+442079460321' where id = ${second.id}::uuid`,
    );
    await database.db.execute(sql`update tickets set attendee_name = case
        when attendee_name < 'M' then 'Zed 50% Off' else 'Zed 500 Off' end
      where booking_id = ${third.id}::uuid`);
    await database.db.execute(sql`analyze`);
  }, 180_000);
  afterAll(() => database?.dispose());

  it("finds a guest by a part from the middle of the attendee name, and nobody of another event", async () => {
    const found = await searchTickets(database.db, small.event.id, "kwo-b");
    expect(found.tickets).toEqual([
      expect.objectContaining({
        attendeeName: "Marguerite Okonkwo-Bell",
        status: "valid",
        ticketTypeName: "Standing",
        checkedIn: null,
      }),
    ]);
    expect(await ids(other.event.id, "Okonkwo")).toHaveLength(1);
    expect(await ids(other.event.id, "Okonkwo")).not.toEqual(found.tickets.map((t) => t.id));
  });

  it("finds the tickets of a holder by the account's name and by the end of its phone", async () => {
    const holders = await ticketsOf(sql`b.id = ${nth(bookings, 0).id}::uuid`);
    expect(holders).toHaveLength(4);
    expect((await ids(small.event.id, "dora qu")).sort()).toEqual(holders);
    expect((await ids(small.event.id, "900 123")).sort()).toEqual(holders);
    expect((await ids(small.event.id, "+44 7700 900-123")).sort()).toEqual(holders);
    expect(await ids(other.event.id, "Theodora")).toEqual([]);
  });

  it("finds a booking's tickets by the end of its contact phone", async () => {
    const booked = await ticketsOf(sql`b.id = ${nth(bookings, 1).id}::uuid`);
    expect((await ids(small.event.id, "946 0321")).sort()).toEqual(booked);
    expect(await ids(other.event.id, "946 0321")).toEqual([]);
  });

  it("finds a booking's tickets by its reference, with or without the hyphen, in any case", async () => {
    const { id, reference } = nth(bookings, 3);
    const booked = await ticketsOf(sql`b.id = ${id}::uuid`);
    for (const typed of [
      reference,
      reference.toLowerCase(),
      reference.replace("-", "").toLowerCase(),
    ]) {
      const found = await searchTickets(database.db, small.event.id, typed);
      expect(found.tickets.map((t) => t.id).sort(), typed).toEqual(booked);
      expect(found.tickets.every((t) => t.bookingReference === reference)).toBe(true);
    }
    expect(await ids(other.event.id, reference)).toEqual([]);
  });

  it("takes % and _ literally", async () => {
    const found = await searchTickets(database.db, small.event.id, "50% off");
    expect(found.tickets.length).toBeGreaterThan(0);
    expect(found.tickets.every((t) => t.attendeeName === "Zed 50% Off")).toBe(true);
    expect(await ids(small.event.id, "d_5")).toEqual([]);
  });

  it("lists the not yet admitted first, then by name, at most 20", async () => {
    const [admitted] = await rowsOf<{ id: string }>(
      database.db,
      sql`update tickets set status = 'checked-in' where id = (select id from tickets
        where event_id = ${small.event.id}::uuid and attendee_name like '%Adams'
        order by attendee_name limit 1) returning id`,
    );
    const found = await ids(small.event.id, "adams");
    expect(found.length).toBeGreaterThan(2);
    expect(found.at(-1)).toBe(admitted?.id);
    expect(found).toEqual(await searchAsBefore(database, small.event.id, "adams"));
    expect((await ids(big.event.id, "ada")).length).toBe(20);
  });

  it("answers as the search before it did, at 10,000 tickets", async () => {
    const { reference } = nth(
      await rowsOf<{ reference: string }>(
        database.db,
        sql`select reference from bookings where event_id = ${big.event.id}::uuid
          order by reference desc limit 1`,
      ),
      0,
    );
    const queries = ["Ada", "weber", "a Sch", "Zoe Xu", "Rosa Silva", "mann", "Quinn", "nobody"];
    queries.push(reference, reference.replace("-", "").toLowerCase(), "000012", "04 21");
    for (const query of queries) {
      const before = await searchAsBefore(database, big.event.id, query);
      expect(await ids(big.event.id, query), query).toEqual(before);
    }
  });

  it("looks up by index at 10,000 tickets: no statement reads a whole table", async () => {
    const [booking] = await rowsOf<{ reference: string }>(
      database.db,
      sql`select reference from bookings where event_id = ${big.event.id}::uuid limit 1`,
    );
    const expected: Record<string, string[]> = {
      "names-in-desk-order": ["tickets_event_desk_order", "users_pkey"],
      "attendee-name": ["tickets_attendee_name_trgm"],
      "holder-name": ["users_name_trgm"],
      "attendee-name-start": ["tickets_event_attendee_prefix"],
      reference: ["bookings_reference"],
      "holder-phone": ["users_phone_suffix"],
      "contact-phone": ["bookings_event_contact_phone_suffix"],
    };
    const seen = new Map<string, Set<string>>();
    for (const query of ["Okonkwo", "Zo", booking?.reference ?? "", "0000123"]) {
      const statements = doorSearchBranches(big.event.id, query).map((b) => ({
        branch: b.branch as string,
        statement: b.statement,
      }));
      statements.push({
        branch: "whole",
        statement: doorSearchStatement(big.event.id, query) ?? sql``,
      });
      for (const { branch, statement } of statements) {
        const [row] = await rowsOf<{ "QUERY PLAN": unknown }>(
          database.db,
          sql`explain (format json) ${statement}`,
        );
        const raw = row?.["QUERY PLAN"];
        const [plan] = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: object }[];
        const nodes = planNodes((plan?.Plan ?? {}) as Record<string, unknown>);
        const seqScans = nodes
          .filter((n) => n["Node Type"] === "Seq Scan")
          .map((n) => n["Relation Name"]);
        expect(seqScans, `${query} / ${branch}`).not.toContain("tickets");
        expect(seqScans, `${query} / ${branch}`).not.toContain("users");
        expect(seqScans, `${query} / ${branch}`).not.toContain("bookings");
        const indexes = seen.get(branch) ?? new Set<string>();
        for (const node of nodes) if (node["Index Name"]) indexes.add(String(node["Index Name"]));
        seen.set(branch, indexes);
      }
    }
    expect([...seen.keys()].sort()).toEqual([...Object.keys(expected), "whole"].sort());
    for (const [branch, indexes] of Object.entries(expected)) {
      expect([...(seen.get(branch) ?? [])], branch).toEqual(expect.arrayContaining(indexes));
    }
  });
});
