import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CHECKOUT_CAPACITY } from "#contract/waiting-room.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  authoringFixture,
  eventTestKit,
  localInDays,
  type Person,
} from "#tests/support/kits/event-test-kit.ts";
import { refusal, refusedPaths } from "#tests/support/refusal.ts";
import { getEventPage } from "./event-page.service.ts";

describe.each(testDatabases)("an event's waiting room settings on $name", ({ open }) => {
  let database: TestDatabase;
  let owner: Person;
  let stranger: Person;
  beforeAll(async () => {
    database = await open();
    const kit = eventTestKit(database);
    owner = await kit.person({ business: true, plan: "pro" });
    stranger = await kit.person({ business: true, plan: "pro" });
  });
  afterAll(() => database?.dispose());

  async function publishedEvent() {
    const fixture = authoringFixture(database, owner);
    const { eventId, shortId } = await fixture.newEvent();
    await fixture.newTicketType(eventId);
    await owner.call("events.publish", { eventId });
    return { eventId, shortId };
  }

  it("is set by the owner, shown on the public page while on, and kept when turned off", async () => {
    const { eventId, shortId } = await publishedEvent();
    expect((await getEventPage(database.db, shortId, null)).waitingRoom).toBeNull();
    const saleStartsLocal = localInDays(2, 10);
    const settings = await owner.call("events.setWaitingRoom", {
      eventId,
      enabled: true,
      saleStartsLocal,
    });
    expect(settings).toEqual({
      enabled: true,
      saleStartsAt: expect.any(String),
      saleStartsLocal,
      checkoutCapacity: DEFAULT_CHECKOUT_CAPACITY,
    });
    const page = await getEventPage(database.db, shortId, null);
    expect(page.waitingRoom).toEqual({
      saleStartsAt: (settings as { saleStartsAt: string }).saleStartsAt,
    });
    expect(await owner.call("events.getForOwner", { eventId })).toMatchObject({
      waitingRoom: settings,
    });
    await owner.call("events.setWaitingRoom", {
      eventId,
      enabled: false,
      saleStartsLocal,
      checkoutCapacity: 250,
    });
    expect((await getEventPage(database.db, shortId, null)).waitingRoom).toBeNull();
    expect(await owner.call("events.getForOwner", { eventId })).toMatchObject({
      waitingRoom: { enabled: false, saleStartsLocal, checkoutCapacity: 250 },
    });
  });

  it("answers NOT_FOUND to anyone but the owner", async () => {
    const { eventId } = await publishedEvent();
    const error = await refusal(
      stranger.call("events.setWaitingRoom", {
        eventId,
        enabled: true,
        saleStartsLocal: localInDays(2),
      }),
    );
    expect(error.status).toBe("NOT_FOUND");
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ["no one at a time", { checkoutCapacity: 0 }, "checkoutCapacity"],
    ["a start in the past", { saleStartsLocal: localInDays(-1, 10) }, "saleStartsLocal"],
    ["a start after the event", { saleStartsLocal: localInDays(31, 10) }, "saleStartsLocal"],
    ["an impossible date", { saleStartsLocal: "2027-02-30T10:00" }, "saleStartsLocal"],
  ];
  it.each(cases)("refuses %s with a message on the field", async (_name, overrides, path) => {
    const { eventId } = await publishedEvent();
    const error = await refusal(
      owner.call("events.setWaitingRoom", {
        eventId,
        enabled: true,
        saleStartsLocal: localInDays(2, 10),
        ...overrides,
      }),
    );
    expect(error.status).toBe("INVALID_ARGUMENT");
    expect(refusedPaths(error)).toContain(path);
  });
});
