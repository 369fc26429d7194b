import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeriesView } from "#contract/event-series.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  addDays,
  type OwnerView,
  wednesdayAfter,
} from "#tests/support/kits/event-series-test-kit.ts";
import {
  type AuthoringFixture,
  authoringFixture,
  eventFields,
  eventTestKit,
  type Person,
  ticketTypeFields,
} from "#tests/support/kits/event-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { getEventPage } from "./event-page.service.ts";
import type { OwnerEventView } from "./owner-event-view.ts";

/** Hidden ticket types (decision 036): the organiser authors them; the public never counts them. */
describe.each(testDatabases)("hidden ticket types on $name", ({ open }) => {
  let database: TestDatabase;
  let owner: Person;
  let newEvent: AuthoringFixture["newEvent"];
  let newTicketType: AuthoringFixture["newTicketType"];

  beforeAll(async () => {
    database = await open();
    owner = await eventTestKit(database).person({ business: true, plan: "pro" });
    ({ newEvent, newTicketType } = authoringFixture(database, owner));
  });
  afterAll(() => database?.dispose());

  const ownerTypes = async (eventId: string) =>
    (await owner.call<OwnerEventView>("events.getForOwner", { eventId })).ticketTypes;

  it("saves hidden on create and update, public by default, and shows it to the owner", async () => {
    const { eventId } = await newEvent();
    const general = await newTicketType(eventId);
    const press = await newTicketType(eventId, { name: "Press", priceMinor: 0, hidden: true });
    expect(press).toMatchObject({ name: "Press", hidden: true });
    expect((await ownerTypes(eventId)).map((t) => [t.name, t.hidden])).toEqual([
      ["General admission", false],
      ["Press", true],
    ]);

    await owner.call("ticketTypes.update", {
      ...ticketTypeFields(eventId),
      ticketTypeId: general.id,
      hidden: true,
    });
    // An update that leaves it out makes the type public again, as the form's unticked box.
    await owner.call("ticketTypes.update", {
      ...ticketTypeFields(eventId, { name: "Press" }),
      ticketTypeId: press.id,
    });
    expect((await ownerTypes(eventId)).map((t) => [t.name, t.hidden])).toEqual([
      ["General admission", true],
      ["Press", false],
    ]);
    await expect(
      refusal(owner.call("ticketTypes.create", ticketTypeFields(eventId, { hidden: "yes" }))),
    ).resolves.toMatchObject({
      status: "INVALID_ARGUMENT",
      details: [{ path: "hidden", message: "Choose whether the ticket type is hidden." }],
    });
  });

  it("copies hidden to a series' dates, keeps it through a 'future' edit, and leaves it out of the dates' public remaining", async () => {
    const day = wednesdayAfter(10);
    const { eventId, shortId } = await newEvent(owner, {
      startsLocal: `${day}T19:30`,
      endsLocal: `${day}T22:30`,
    });
    await newTicketType(eventId, { capacity: 100 });
    await newTicketType(eventId, { name: "Press", priceMinor: 0, capacity: 20, hidden: true });
    await owner.call("events.publish", { eventId });
    const { dates } = await owner.call<SeriesView>("events.repeat", {
      eventId,
      weekdays: [3],
      untilLocal: addDays(day, 14),
    });
    expect(dates).toHaveLength(3);
    for (const date of dates) {
      expect((await ownerTypes(date.eventId)).map((t) => [t.name, t.hidden])).toEqual([
        ["General admission", false],
        ["Press", true],
      ]);
      // 100 public tickets each, the 20 for the press not among them.
      expect(date.remaining).toBe(100);
    }

    const second = dates[1]?.eventId ?? "";
    const view = await owner.call<OwnerView>("events.getForOwner", { eventId: second });
    await owner.call("events.update", {
      eventId: second,
      ...eventFields({
        title: "Late Jazz",
        startsLocal: view.startsLocal,
        endsLocal: view.endsLocal,
      }),
      scope: "future",
    });
    for (const date of dates.slice(1)) {
      const later = await owner.call<OwnerView>("events.getForOwner", { eventId: date.eventId });
      expect(later.title).toBe("Late Jazz");
      expect(later.ticketTypes.map((t) => [t.name, t.hidden])).toEqual([
        ["General admission", false],
        ["Press", true],
      ]);
    }

    const page = await getEventPage(database.db, shortId, null);
    expect(page.series?.map((d) => d.remaining)).toEqual([100, 100, 100]);
  });
});
