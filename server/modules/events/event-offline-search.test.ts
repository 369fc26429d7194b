import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_OFFLINE_SEARCH_LIMIT } from "#contract/door-offline.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  type AuthoringFixture,
  authoringFixture,
  eventFields,
  eventTestKit,
  type Person,
} from "#tests/support/kits/event-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import type { OwnerEventView } from "./owner-event-view.ts";

/** The organiser sets up to how many tickets door devices keep names offline (decision 030). */
describe.each(testDatabases)("an event's offline search limit on $name", ({ open }) => {
  let database: TestDatabase;
  let owner: Person;
  let newEvent: AuthoringFixture["newEvent"];
  beforeAll(async () => {
    database = await open();
    owner = await eventTestKit(database).person({ business: true, plan: "pro" });
    ({ newEvent } = authoringFixture(database, owner));
  });
  afterAll(() => database?.dispose());

  it("is 25,000 by default, saved by the editor, kept when left out, refused out of 0..1,000,000", async () => {
    const { eventId } = await newEvent();
    const limit = async () =>
      (await owner.call<OwnerEventView>("events.getForOwner", { eventId })).offlineSearchLimit;
    expect(await limit()).toBe(DEFAULT_OFFLINE_SEARCH_LIMIT);
    await owner.call("events.update", { eventId, ...eventFields(), offlineSearchLimit: 0 });
    expect(await limit()).toBe(0);
    await owner.call("events.update", { eventId, ...eventFields(), offlineSearchLimit: 1_000_000 });
    await owner.call("events.update", { eventId, ...eventFields({ title: "Renamed" }) });
    expect(await limit()).toBe(1_000_000);
    for (const [value, message] of [
      [1_000_001, "At most 1,000,000 tickets."],
      [-1, "The number cannot be negative."],
      [2.5, "Enter a whole number of tickets."],
    ] as const) {
      const bad = await refusal(
        owner.call("events.update", { eventId, ...eventFields(), offlineSearchLimit: value }),
      );
      expect(bad).toMatchObject({ status: "INVALID_ARGUMENT" });
      expect(bad.details).toEqual([{ path: "offlineSearchLimit", message }]);
    }
    expect(await limit()).toBe(1_000_000);
  });
});
