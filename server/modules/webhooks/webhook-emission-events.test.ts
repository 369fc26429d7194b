import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { eventFields, eventTestKit } from "#tests/support/kits/event-test-kit.ts";
import { makeEvent, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";
import { webhookReceivers } from "#tests/support/kits/webhook-emission-kit.ts";

/**
 * Events and tickets, driven through the real functions: each change queues one delivery
 * per enabled endpoint of the event's business that wants it, once per real change, in
 * its transaction. Orders and their money: webhook-emission.test.ts.
 */
describe.each(testDatabases)("event and ticket webhooks queued on $name", (database) => {
  let db: TestDatabase;
  let events: ReturnType<typeof eventTestKit>;
  let tickets: Awaited<ReturnType<typeof ticketsKit>>;
  let door: CheckinKit;
  let receivers: Awaited<ReturnType<typeof webhookReceivers>>;

  beforeAll(async () => {
    db = await database.open();
    events = eventTestKit(db);
    tickets = await ticketsKit(db);
    door = await checkinKit(db);
    const other = await events.person({ business: true });
    receivers = await webhookReceivers(db.db, other.businessId ?? "");
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });
  const endpointsOf: (typeof receivers)["endpointsOf"] = (...args) =>
    receivers.endpointsOf(...args);
  const expectSent: (typeof receivers)["expectSent"] = (...args) => receivers.expectSent(...args);

  /** The owner of a new business, calling the console's functions. */
  async function owner() {
    const person = await events.person({ business: true });
    // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
    const call = (name: string, data: unknown) => person.call<any>(name, data);
    return { businessId: person.businessId ?? "", call };
  }

  it("queues event.updated for an edit that changes something, publishing, unpublishing and the cover", async () => {
    const { businessId, call } = await owner();
    const endpoints = await endpointsOf(businessId, "event.updated");
    const { eventId } = await call("events.create", eventFields());
    await call("ticketTypes.create", {
      eventId,
      name: "General",
      priceMinor: 0,
      currency: "EUR",
      capacity: 50,
      perOrderLimit: 4,
    });
    // A draft made and given tickets is no change of an event anyone was told of.
    await expectSent(endpoints, []);
    await call("events.update", { eventId, ...eventFields({ title: "Late Jazz" }) });
    // Saved again as it is: nothing changed.
    await call("events.update", { eventId, ...eventFields({ title: "Late Jazz" }) });
    await call("events.publish", { eventId });
    await call("events.publish", { eventId });
    await call("events.unpublish", { eventId });
    await call("events.unpublish", { eventId });
    const cover = await sharp({
      create: { width: 800, height: 450, channels: 3, background: "#2f9e44" },
    })
      .png()
      .toBuffer();
    await call("events.setCover", {
      eventId,
      contentType: "image/png",
      dataBase64: cover.toString("base64"),
    });
    await call("events.removeCover", { eventId });
    await call("events.removeCover", { eventId });
    const updated = (status: string) => ({ type: "event.updated", data: { eventId, status } });
    await expectSent(endpoints, [
      updated("draft"),
      updated("published"),
      updated("draft"),
      updated("draft"),
      updated("draft"),
    ]);
  });

  it("queues event.updated once per date a series edit changed", async () => {
    const { businessId, call } = await owner();
    const endpoints = await endpointsOf(businessId, "event.updated");
    const wednesday = (weeks: number) => {
      const day = new Date(Date.now() + (10 + 7 * weeks) * 86_400_000);
      day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
      return day.toISOString().slice(0, 10);
    };
    const first = wednesday(0);
    const { eventId } = await call(
      "events.create",
      eventFields({ startsLocal: `${first}T19:30`, endsLocal: `${first}T22:30` }),
    );
    const series = await call("events.repeat", {
      eventId,
      weekdays: [3],
      untilLocal: wednesday(3),
    });
    const ids: string[] = series.dates.map((date: { eventId: string }) => date.eventId);
    expect(ids).toHaveLength(4);
    await expectSent(endpoints, []);
    const edit = async (index: number, title: string, scope?: "future") => {
      const view = await call("events.getForOwner", { eventId: ids[index] });
      await call("events.update", {
        eventId: ids[index],
        ...eventFields({ startsLocal: view.startsLocal, endsLocal: view.endsLocal, title }),
        ...(scope ? { scope } : {}),
      });
    };
    const updated = (id: string) => ({
      type: "event.updated",
      data: { eventId: id, status: "draft" },
    });
    await edit(3, "Last Jazz");
    // From the 3rd date on: the 3rd changes, the 4th has that title already.
    await edit(2, "Last Jazz", "future");
    // From the 1st: every date but the two that have it.
    await edit(0, "Last Jazz", "future");
    await edit(0, "Last Jazz", "future");
    await expectSent(endpoints, [
      updated(nth(ids, 3)),
      updated(nth(ids, 2)),
      updated(nth(ids, 0)),
      updated(nth(ids, 1)),
    ]);
  });

  it("queues ticket.assigned for each change of a ticket's holder, not for a repeat", async () => {
    const made = await makeEvent(db.db, { types: [{ capacity: 10 }] });
    const me = await tickets.user();
    const { booking } = await holdAndConfirm(me, made.event.id, nth(made.types, 0).id, 2);
    const endpoints = await endpointsOf(made.business.id, "ticket.assigned");
    const [first, second] = (await me.call("tickets.forEvent", { eventId: made.event.id }))
      .tickets as { id: string }[];
    // Ada has an account with this verified address: the ticket goes to her at once.
    await tickets.user({ name: "Ada", email: "ada@example.com" });
    const give = {
      ticketId: first?.id,
      name: "Ada Lovelace",
      email: "ada@example.com",
      idempotencyKey: newKey(),
    };
    expect(await me.call("tickets.assign", give)).toMatchObject({ channel: "account" });
    // The same request again answers the same, and changes nothing.
    await me.call("tickets.assign", give);
    await me.call("tickets.assign", give);
    await me.call("tickets.undoAssign", { ticketId: first?.id });
    // To someone without an account: held by nobody until the share link is claimed.
    const phone = "+447911123499";
    await me.call("tickets.assign", {
      ticketId: second?.id,
      name: "Bob",
      phone,
      idempotencyKey: newKey(),
    });
    const link = tickets.sms
      .filter((sms) => sms.to === phone)
      .at(-1)
      ?.text.match(/\?s=([\w-]+)/);
    const bob = await tickets.user({ name: "Bob" });
    await bob.call("tickets.claim", { ticketId: second?.id, shareToken: link?.[1] });

    const assigned = (ticketId: string | undefined) => ({
      type: "ticket.assigned",
      data: { ticketId, orderId: booking.id, eventId: made.event.id },
    });
    await expectSent(endpoints, [
      assigned(first?.id),
      assigned(first?.id),
      assigned(second?.id),
      assigned(second?.id),
    ]);
  });

  it("queues ticket.checked_in for every admission, online or uploaded, once each", async () => {
    const at = await door.door({ tickets: 3 });
    const endpoints = await endpointsOf(at.business.id, "ticket.checked_in");
    const [scanned, desk, offline] = at.tickets;
    const scan = door.scanOf(at.event.id, await door.tokenOf(scanned?.id ?? ""));
    expect(await at.staff.call("checkin.scan", scan)).toMatchObject({ verdict: "admitted" });
    // The same scan again answers its stored verdict; a new scan finds it in already.
    await at.staff.call("checkin.scan", scan);
    expect(await at.staff.call("checkin.scan", { ...scan, scanId: randomUUID() })).toMatchObject({
      verdict: "already-checked-in",
    });
    await at.staff.call("checkin.admit", {
      eventId: at.event.id,
      ticketId: desk?.id,
      scanId: randomUUID(),
    });
    const upload = {
      eventId: at.event.id,
      deviceId: "scanner-off",
      admissions: [
        {
          scanId: randomUUID(),
          ticketId: offline?.id,
          generation: 1,
          method: "scan",
          at: new Date(Date.now() - 10 * 60_000).toISOString(),
        },
      ],
    };
    await at.staff.call("checkin.offlineUpload", upload);
    await at.staff.call("checkin.offlineUpload", upload);

    const checkIns = await rowsOf<{ ticket_id: string; created_at: string | Date }>(
      db.db,
      sql`select ticket_id, created_at from check_ins where event_id = ${at.event.id}`,
    );
    expect(checkIns).toHaveLength(3);
    await expectSent(
      endpoints,
      checkIns.map((row) => ({
        type: "ticket.checked_in",
        data: {
          ticketId: row.ticket_id,
          eventId: at.event.id,
          checkedInAt: new Date(row.created_at).toISOString(),
        },
      })),
    );
    const uploaded = checkIns.find((row) => row.ticket_id === offline?.id);
    expect(new Date(uploaded?.created_at ?? 0).toISOString()).toBe(nth(upload.admissions, 0).at);
  });
});
