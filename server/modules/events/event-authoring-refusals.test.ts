import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  type AuthoringFixture,
  authoringFixture,
  eventFields,
  eventTestKit,
  localInDays,
  type Person,
  ticketTypeFields,
} from "#tests/support/kits/event-test-kit.ts";
import { refusal, refusedPaths } from "#tests/support/refusal.ts";

describe.each(testDatabases)("event authoring refuses on $name", ({ open }) => {
  let database: TestDatabase;
  let owner: Person;
  let newEvent: AuthoringFixture["newEvent"];
  let newTicketType: AuthoringFixture["newTicketType"];
  let setTaken: AuthoringFixture["setTaken"];

  beforeAll(async () => {
    database = await open();
    owner = await eventTestKit(database).person({ business: true, plan: "pro" });
    ({ newEvent, newTicketType, setTaken } = authoringFixture(database, owner));
  });
  afterAll(() => database?.dispose());

  describe("refuses nonsense with a message on the field", () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        "end before start",
        { startsLocal: localInDays(10, 20), endsLocal: localInDays(10, 18) },
        "endsLocal",
      ],
      [
        "a 32-day event",
        { startsLocal: localInDays(10, 9), endsLocal: localInDays(42, 10) },
        "endsLocal",
      ],
      ["an unknown time zone", { timeZone: "Mars/Olympus" }, "timeZone"],
      [
        "a start in the past",
        { startsLocal: localInDays(-2, 10), endsLocal: localInDays(-2, 12) },
        "startsLocal",
      ],
      ["an impossible date", { startsLocal: "2027-02-30T10:00" }, "startsLocal"],
      ["an empty title", { title: "  " }, "title"],
      ["an unknown category", { category: "knitting" }, "category"],
    ];
    it.each(cases)("an event with %s", async (_name, overrides, path) => {
      const error = await refusal(owner.call("events.create", eventFields(overrides)));
      expect(error.status).toBe("INVALID_ARGUMENT");
      expect(refusedPaths(error)).toContain(path);
    });

    it("a start moved into the past, once published", async () => {
      const { eventId } = await newEvent();
      const error = await refusal(
        owner.call("events.update", {
          eventId,
          ...eventFields({ startsLocal: localInDays(-1, 10), endsLocal: localInDays(1, 10) }),
        }),
      );
      expect(error).toMatchObject({
        status: "INVALID_ARGUMENT",
        details: [{ path: "startsLocal" }],
      });
    });

    const ticketCases: [string, Record<string, unknown>, string][] = [
      ["a negative price", { priceMinor: -100 }, "priceMinor"],
      ["a fractional price", { priceMinor: 12.5 }, "priceMinor"],
      ["capacity 0", { capacity: 0 }, "capacity"],
      ["an unknown currency", { currency: "XXX" }, "currency"],
      ["a per-order limit of 101", { perOrderLimit: 101 }, "perOrderLimit"],
      ["sales ending after the event", { salesEndLocal: localInDays(31, 12) }, "salesEndLocal"],
      [
        "sales ending before they start",
        { salesStartLocal: localInDays(5, 12), salesEndLocal: localInDays(4, 12) },
        "salesEndLocal",
      ],
    ];
    it.each(ticketCases)("a ticket type with %s", async (_name, overrides, path) => {
      const { eventId } = await newEvent();
      const error = await refusal(
        owner.call("ticketTypes.create", ticketTypeFields(eventId, overrides)),
      );
      expect(error.status).toBe("INVALID_ARGUMENT");
      expect(refusedPaths(error)).toContain(path);
    });

    it("a second currency on one event", async () => {
      const { eventId } = await newEvent();
      const first = await newTicketType(eventId, { currency: "EUR" });
      const error = await refusal(
        owner.call("ticketTypes.create", ticketTypeFields(eventId, { currency: "GBP" })),
      );
      expect(error).toMatchObject({
        status: "INVALID_ARGUMENT",
        details: [{ path: "currency", message: expect.stringContaining("EUR") }],
      });
      // The only type of an event may change its currency.
      await owner.call("ticketTypes.update", {
        ticketTypeId: first.id,
        ...ticketTypeFields(eventId, { currency: "GBP" }),
      });
    });

    it("capacity below what is taken, while raising it is always fine", async () => {
      const { eventId } = await newEvent();
      const type = await newTicketType(eventId, { capacity: 10 });
      await setTaken(type.id, 5);
      const update = (capacity: number) =>
        owner.call<{ capacity: number }>("ticketTypes.update", {
          ticketTypeId: type.id,
          ...ticketTypeFields(eventId, { capacity }),
        });
      await expect(refusal(update(4))).resolves.toMatchObject({
        status: "INVALID_ARGUMENT",
        details: [
          { path: "capacity", message: "5 tickets are already taken: capacity cannot go below 5." },
        ],
      });
      await expect(update(5)).resolves.toMatchObject({ capacity: 5 });
      await expect(update(500)).resolves.toMatchObject({ capacity: 500 });
    });

    it("an event end before a ticket type's sales end", async () => {
      const { eventId } = await newEvent();
      await newTicketType(eventId, { salesEndLocal: localInDays(30, 22) });
      const error = await refusal(
        owner.call("events.update", {
          eventId,
          ...eventFields({ endsLocal: localInDays(30, 21) }),
        }),
      );
      expect(error).toMatchObject({ status: "INVALID_ARGUMENT", details: [{ path: "endsLocal" }] });
    });
  });

  it("deletes a ticket type only while none of it is taken", async () => {
    const { eventId } = await newEvent();
    const kept = await newTicketType(eventId);
    const gone = await newTicketType(eventId, { name: "Student" });
    await expect(owner.call("ticketTypes.delete", { ticketTypeId: gone.id })).resolves.toEqual({
      deleted: true,
    });
    await setTaken(kept.id, 1);
    await expect(
      refusal(owner.call("ticketTypes.delete", { ticketTypeId: kept.id })),
    ).resolves.toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "tickets-taken" },
    });
  });
});
