import type { SeriesView } from "#contract/event-series.ts";
import type { OwnerEventView } from "#server/modules/events/owner-event-view.ts";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { authoringFixture, eventFields, type Person } from "./event-test-kit.ts";

export const london = "Europe/London";
const dayMs = 86_400_000;

/** The `YYYY-MM-DD` `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** The first Wednesday in London at least `days` from now. */
export function wednesdayAfter(days: number): string {
  let day = toLocalInput(new Date(Date.now() + days * dayMs), london).slice(0, 10);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 3) day = addDays(day, 1);
  return day;
}

export type OwnerView = OwnerEventView & { series: SeriesView | null };

/** Series moves of one test database, through the console's functions. */
export function seriesFixture(database: DatabaseHandle) {
  return {
    /** A Wednesday 19:30–22:30 London event with two ticket types, published unless `draft`. */
    async wednesdayEvent(who: Person, options: { draft?: boolean } = {}) {
      const day = wednesdayAfter(10);
      const { eventId } = await who.call<{ eventId: string; shortId: string }>(
        "events.create",
        eventFields({ startsLocal: `${day}T19:30`, endsLocal: `${day}T22:30` }),
      );
      const fixture = authoringFixture(database, who);
      await fixture.newTicketType(eventId, { salesEndLocal: `${day}T18:00` });
      await fixture.newTicketType(eventId, { name: "VIP", priceMinor: 5000, capacity: 20 });
      if (!options.draft) await who.call("events.publish", { eventId });
      return { eventId, day };
    },
    /** `events.repeat` every Wednesday up to `untilLocal`. */
    repeatWeekly(who: Person, eventId: string, untilLocal: string) {
      return who.call<SeriesView>("events.repeat", { eventId, weekdays: [3], untilLocal });
    },
  };
}
