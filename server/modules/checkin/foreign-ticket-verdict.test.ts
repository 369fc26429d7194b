import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";

/**
 * A door learns of a ticket it may not work (another business's, or another event's it
 * has no rights to) only that it is not for this event: no holder, type or event title.
 */
describe.each(testDatabases)("a ticket of another door on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let doorA: Awaited<ReturnType<CheckinKit["door"]>>;
  let doorB: Awaited<ReturnType<CheckinKit["door"]>>;
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    doorA = await kit.door({ tickets: 3 });
    doorB = await kit.door({ tickets: 1 });
  });
  afterAll(() => database?.dispose());

  const notForThisEvent = {
    verdict: "wrong-event",
    message: "Not a ticket for this event.",
    ticket: null,
    event: null,
    checkIn: null,
  };

  /** Nothing of business A's ticket or event in what B's door was told. */
  function expectNothingOfA(verdict: unknown, holderName: string) {
    const text = JSON.stringify(verdict);
    expect(text).not.toContain(doorA.event.title);
    expect(text).not.toContain(holderName);
    expect(text).not.toContain("Standing");
  }

  it("tells another business's door only 'not a ticket for this event', by QR, by id and stored", async () => {
    const ticket = nth(doorA.tickets, 0);
    const token = await kit.tokenOf(ticket.id);
    const scan = kit.scanOf(doorB.event.id, token);
    const scanned = await doorB.staff.call("checkin.scan", scan);
    expect(scanned).toEqual(notForThisEvent);
    expectNothingOfA(scanned, "Attendee 1");
    // A retry answers the stored verdict: nothing of A was stored either.
    expectNothingOfA(await doorB.staff.call("checkin.scan", scan), "Attendee 1");

    for (const caller of [doorB.owner, doorB.coordinator.call]) {
      const byId = await caller("checkin.admit", {
        eventId: doorB.event.id,
        ticketId: ticket.id,
        scanId: randomUUID(),
      });
      expect(byId).toEqual(notForThisEvent);
    }
    expect(
      (await doorA.staff.call("checkin.scan", kit.scanOf(doorA.event.id, token))).verdict,
    ).toBe("admitted");
  });

  it("does not name the new holder of a ticket given away to a door not at its event", async () => {
    const ticket = nth(doorA.tickets, 1);
    const oldToken = await kit.tokenOf(ticket.id);
    await database.db.execute(
      sql`update tickets set generation = generation + 1, attendee_name = 'Nora Newholder'
        where id = ${ticket.id}::uuid`,
    );
    const atB = await doorB.staff.call("checkin.scan", kit.scanOf(doorB.event.id, oldToken));
    expect(atB).toEqual(notForThisEvent);
    expectNothingOfA(atB, "Nora Newholder");

    // Another event of the same business, whose door team has no rights at A's event.
    const sibling = await makeEvent(database.db, { startsInHours: -1 });
    await database.db.execute(
      sql`update events set business_id = ${doorA.business.id} where id = ${sibling.event.id}`,
    );
    const siblingTeam = await kit.teamFor(doorA.business.id, [sibling.event.id], "Side door");
    const sideStaff = await siblingTeam.member("Sid Side", "staff");
    const atSibling = await sideStaff.call("checkin.scan", kit.scanOf(sibling.event.id, oldToken));
    expect(atSibling).toEqual(notForThisEvent);

    // A's own team also working the sibling event: a dead QR, still without the new holder.
    await database.db.execute(
      sql`insert into team_events (team_id, event_id) values (${doorA.team.team.id}, ${sibling.event.id})`,
    );
    const byOwnStaff = await doorA.staff.call(
      "checkin.scan",
      kit.scanOf(sibling.event.id, oldToken),
    );
    expect(byOwnStaff).toMatchObject({ verdict: "invalid", reason: "given-away", ticket: null });
    expect(JSON.stringify(byOwnStaff)).not.toContain("Nora Newholder");
  });
});
