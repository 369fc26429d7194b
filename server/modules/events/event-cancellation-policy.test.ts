import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/** The organiser sets the cancellation policy in the editor (events.create / events.update). */
describe.each(testDatabases)("an event's cancellation policy on $name", ({ open }) => {
  let database: TestDatabase;
  let owner: Person;
  let newEvent: AuthoringFixture["newEvent"];
  beforeAll(async () => {
    database = await open();
    owner = await eventTestKit(database).person({ business: true, plan: "pro" });
    ({ newEvent } = authoringFixture(database, owner));
  });
  afterAll(() => database?.dispose());

  it("saves the policy, keeps it when a form leaves it out, and refuses bad values by field", async () => {
    const { eventId } = await newEvent();
    const policy = async () => {
      const event = await owner.call<OwnerEventView>("events.getForOwner", { eventId });
      return [
        event.attendeeCancellation,
        event.cancellationDeadlineHours,
        event.cancellationFeePercent,
      ];
    };
    expect(await policy()).toEqual([true, 0, 0]);
    await owner.call("events.update", {
      eventId,
      ...eventFields(),
      attendeeCancellation: true,
      cancellationDeadlineHours: 48,
      cancellationFeePercent: 15,
    });
    expect(await policy()).toEqual([true, 48, 15]);
    await owner.call("events.update", { eventId, ...eventFields({ title: "Renamed" }) });
    expect(await policy()).toEqual([true, 48, 15]);
    await owner.call("events.update", { eventId, ...eventFields(), attendeeCancellation: false });
    expect(await policy()).toEqual([false, 48, 15]);

    const bad = await refusal(
      owner.call("events.update", {
        eventId,
        ...eventFields(),
        cancellationDeadlineHours: 9000,
        cancellationFeePercent: 101,
      }),
    );
    expect(bad).toMatchObject({ status: "INVALID_ARGUMENT" });
    expect(bad.details).toEqual(
      expect.arrayContaining([
        {
          path: "cancellationDeadlineHours",
          message: "At most 8760 hours (a year) before the start.",
        },
        { path: "cancellationFeePercent", message: "The fee is at most 100 %." },
      ]),
    );
    const fraction = await refusal(
      owner.call("events.update", { eventId, ...eventFields(), cancellationFeePercent: 2.5 }),
    );
    expect(fraction.details).toEqual([
      { path: "cancellationFeePercent", message: "Enter a whole percentage." },
    ]);
    expect(await policy()).toEqual([false, 48, 15]);
  });
});
