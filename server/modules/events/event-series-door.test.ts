import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { addDays, london } from "#tests/support/kits/event-series-test-kit.ts";
import { makeEvent } from "#tests/support/kits/holds-test-kit.ts";
import { repeatEvent } from "./event-series.service.ts";
import { events, ticketTypes } from "./events.schema.ts";
import { toLocalInput } from "./zoned-time.ts";

describe.each(testDatabases)(
  "the dates of a series at the till and the door on $name",
  ({ open }) => {
    let database: TestDatabase;
    let kit: CheckinKit;
    beforeAll(async () => {
      database = await open();
      kit = await checkinKit(database);
    });
    afterAll(() => database?.dispose());

    it("sells and checks in each date apart", async () => {
      const made = await makeEvent(database.db, { types: [{ name: "Standing" }] });
      const day = toLocalInput(made.event.startsAt, london).slice(0, 10);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() as 0 | 1 | 2 | 3 | 4 | 5 | 6;
      const { dates } = await repeatEvent(database.db, made.owner.id, {
        eventId: made.event.id,
        weekdays: [weekday],
        untilLocal: addDays(day, 7),
      });
      const [first, second] = dates;
      if (!first || !second) throw new Error("expected two dates");
      const typeOf = async (eventId: string) => {
        const [type] = await database.db
          .select()
          .from(ticketTypes)
          .where(eq(ticketTypes.eventId, eventId));
        if (!type) throw new Error("no type");
        return type;
      };

      const holder = await kit.user("Harriet Holder");
      const { booking } = await holdAndConfirm(
        holder,
        second.shortId,
        (await typeOf(second.eventId)).id,
        2,
      );
      expect((await typeOf(second.eventId)).taken).toBe(2);
      expect((await typeOf(first.eventId)).taken).toBe(0);

      // Both dates under way, one team at both doors.
      await database.db
        .update(events)
        .set({
          startsAt: sql`now() - interval '1 hour'`,
          endsAt: sql`now() + interval '2 hours'`,
        })
        .where(inArray(events.id, [first.eventId, second.eventId]));
      const team = await kit.teamFor(made.business.id, [first.eventId, second.eventId]);
      const staff = await team.member("Stan Staff", "staff");
      const [ticket] = await rowsOf<{ id: string }>(
        database.db,
        sql`select id from tickets where booking_id = ${booking.id} order by attendee_name limit 1`,
      );
      if (!ticket) throw new Error("no ticket");
      const token = await kit.tokenOf(ticket.id);
      expect(await staff.call("checkin.scan", kit.scanOf(first.eventId, token))).toMatchObject({
        verdict: "wrong-event",
        event: { id: second.eventId },
      });
      expect(await staff.call("checkin.scan", kit.scanOf(second.eventId, token))).toMatchObject({
        verdict: "admitted",
        ticket: { id: ticket.id },
      });
    });
  },
);
