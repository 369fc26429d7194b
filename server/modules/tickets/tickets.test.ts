import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidVerdict } from "#contract/door-verdict.ts";
import { updateEvent } from "#server/modules/events/event-authoring.service.ts";
import { updateEventInput } from "#server/modules/events/event-input.ts";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";

const key = () => randomUUID();

describe.each(testDatabases)("tickets on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await ticketsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("shows the holder every ticket of an event with a QR that verifies against the published key", async () => {
    const { me, event, ownerClient } = await kit.holderOf(2);
    const wallet = await me.call("tickets.forEvent", { eventId: event.id });
    expect(wallet.event).toMatchObject({ id: event.id, title: "Concert of Tests" });
    expect(wallet.tickets).toHaveLength(2);
    const [first, second] = wallet.tickets;
    expect(first.qr).not.toBe(second.qr);
    for (const ticket of wallet.tickets) {
      expect(ticket.qr.length).toBeLessThanOrEqual(120);
      expect(ticket.manualCode).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
      expect(await kit.verifyOffline(ticket.qr)).toMatchObject({
        ticketId: ticket.id,
        eventShortId: event.shortId,
        generation: 1,
      });
      expect(
        await ownerClient.call("tickets.verifyToken", { eventId: event.id, token: ticket.qr }),
      ).toMatchObject({ verdict: "valid", ticket: { id: ticket.id }, checkIn: null });
    }
    const one = await me.call("tickets.get", { ticketId: first.id });
    expect(one).toMatchObject({ id: first.id, status: "valid", attendeeName: "Attendee 1" });
  });

  it("answers NOT_FOUND to another user and for made-up or malformed ids", async () => {
    const { me, event } = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    const stranger = await kit.user();
    const calls: [string, unknown][] = [
      ["tickets.get", { ticketId: ticket.id }],
      ["tickets.history", { ticketId: ticket.id }],
      ["tickets.forEvent", { eventId: event.id }],
      ["tickets.pdf", { ticketId: ticket.id }],
      ["tickets.assignment", { ticketId: ticket.id }],
      ["tickets.undoAssign", { ticketId: ticket.id }],
      ["tickets.claim", { ticketId: ticket.id, shareToken: "guess" }],
      [
        "tickets.assign",
        { ticketId: ticket.id, name: "X", phone: "+447911123401", idempotencyKey: key() },
      ],
      ["tickets.verifyToken", { eventId: event.id, token: ticket.qr }],
    ];
    for (const [name, data] of calls) {
      expect((await refusal(stranger.call(name, data))).status, name).toBe("NOT_FOUND");
    }
    for (const id of [randomUUID(), "nope", "1' or 1=1 --", "%00"]) {
      for (const name of ["tickets.get", "tickets.history", "tickets.shared"]) {
        expect((await refusal(me.call(name, { ticketId: id }))).status, name).toBe("NOT_FOUND");
      }
      expect((await refusal(me.call("tickets.forEvent", { eventId: id }))).status).toBe(
        "NOT_FOUND",
      );
    }
    const shared = await stranger.call("tickets.shared", { ticketId: ticket.id });
    expect(shared).toMatchObject({ status: "valid", ticket: null, claimable: false });
    expect(shared.event.title).toBe("Concert of Tests");
  });

  it("gives a ticket to a phone with no account: a share link by SMS, the old QR dead, claimed into the new account", async () => {
    const { me, event, ownerClient } = await kit.holderOf(2);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    const phone = "+447911123402";
    const given = await me.call("tickets.assign", {
      ticketId: ticket.id,
      name: "Ada Lovelace",
      phone,
      idempotencyKey: key(),
    });
    expect(given).toMatchObject({ recipientName: "Ada Lovelace", channel: "sms", canUndo: true });
    expect(given.destination).toMatch(/3402$/);
    const sms = kit.sms.at(-1);
    expect(sms?.to).toBe(phone);
    const link = sms?.text.match(/http\S+\/ticket\/([0-9a-f-]+)\?s=([\w-]+)/);
    expect(link?.[1]).toBe(ticket.id);
    const shareToken = link?.[2] ?? "";
    expect(
      await ownerClient.call("tickets.verifyToken", { eventId: event.id, token: ticket.qr }),
    ).toEqual(invalidVerdict("given-away"));
    expect((await refusal(me.call("tickets.get", { ticketId: ticket.id }))).status).toBe(
      "NOT_FOUND",
    );
    expect((await me.call("tickets.forEvent", { eventId: event.id })).tickets).toHaveLength(1);

    const visitor = kit.as(null);
    const viaLink = await visitor.call("tickets.shared", { ticketId: ticket.id, shareToken });
    expect(viaLink.claimable).toBe(true);
    expect(viaLink.ticket.attendeeName).toBe("Ada Lovelace");
    expect(
      (await visitor.call("tickets.shared", { ticketId: ticket.id, shareToken: "x" })).ticket,
    ).toBeNull();

    const ada = await kit.user({ name: "Ada" });
    expect(
      (await refusal(ada.call("tickets.claim", { ticketId: ticket.id, shareToken: "wrong" })))
        .status,
    ).toBe("NOT_FOUND");
    await ada.call("tickets.claim", { ticketId: ticket.id, shareToken });
    const mine = await ada.call("tickets.get", { ticketId: ticket.id });
    expect(mine).toMatchObject({ attendeeName: "Ada Lovelace", status: "valid" });
    expect(await kit.verifyOffline(mine.qr)).toMatchObject({ generation: 3 });
    expect(
      (await refusal(ada.call("tickets.claim", { ticketId: ticket.id, shareToken }))).status,
    ).toBe("NOT_FOUND");
    expect((await refusal(me.call("tickets.undoAssign", { ticketId: ticket.id }))).status).toBe(
      "FAILED_PRECONDITION",
    );
    expect((await me.call("tickets.assignment", { ticketId: ticket.id })).canUndo).toBe(false);
    const history = await ada.call("tickets.history", { ticketId: ticket.id });
    expect(history.assignments).toMatchObject([
      { toName: "Ada Lovelace", channel: "sms", status: "claimed" },
    ]);
    expect(history.booking.reference).toMatch(/^\w{4}-\w{4}$/);
    expect(history.checkIns).toEqual([]);
  });

  it("gives a ticket to an account at once, with a notification; undo gives it back with a fresh QR", async () => {
    const { me, event, ownerClient } = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    const friend = await kit.user({ email: "friend@example.com", name: "Friend" });
    const before = (await friend.call("notifications.unreadCount", null)).count;
    const given = await me.call("tickets.assign", {
      ticketId: ticket.id,
      name: "My Friend",
      email: "Friend@Example.com",
      idempotencyKey: key(),
    });
    expect(given).toMatchObject({ channel: "account", status: "delivered", canUndo: true });
    const theirs = await friend.call("tickets.get", { ticketId: ticket.id });
    expect(theirs.attendeeName).toBe("My Friend");
    expect((await friend.call("notifications.unreadCount", null)).count).toBe(before + 1);
    const { items } = await friend.call("notifications.list", {});
    expect(items[0]).toMatchObject({ kind: "ticket-received", link: `/my-ticket/${ticket.id}` });

    const undone = await me.call("tickets.undoAssign", { ticketId: ticket.id });
    expect(undone).toMatchObject({ status: "undone", canUndo: false });
    const back = await me.call("tickets.get", { ticketId: ticket.id });
    expect(back.attendeeName).toBe("Attendee 1");
    expect(back.qr).not.toBe(ticket.qr);
    expect(back.manualCode).not.toBe(ticket.manualCode);
    for (const old of [ticket.qr, theirs.qr]) {
      expect(
        await ownerClient.call("tickets.verifyToken", { eventId: event.id, token: old }),
      ).toMatchObject({ verdict: "invalid", reason: "given-away" });
    }
    expect((await refusal(friend.call("tickets.get", { ticketId: ticket.id }))).status).toBe(
      "NOT_FOUND",
    );
    expect((await friend.call("notifications.list", {})).items[0].kind).toBe("ticket-taken-back");
  });

  it("answers a retried assignment with the same result and passes the ticket on once", async () => {
    const { me, event } = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    const input = {
      ticketId: ticket.id,
      name: "Bob",
      phone: "+447911123403",
      idempotencyKey: key(),
    };
    const sent = kit.sms.length;
    // A double submit: both at once (on PostgreSQL really concurrent), then a late retry.
    const [a, b] = await Promise.all([
      me.call("tickets.assign", input),
      me.call("tickets.assign", input),
    ]);
    expect((await me.call("tickets.assign", input)).id).toBe(a.id);
    expect(b.id).toBe(a.id);
    expect(kit.sms.length).toBe(sent + 1);
  });

  it("refuses to pass on a ticket used at the door, cancelled, or of an event that has ended", async () => {
    const { me, event } = await kit.holderOf(2);
    const [used, cancelled] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    await kit.setTicketStatus(used.id, "checked-in");
    await kit.setTicketStatus(cancelled.id, "cancelled");
    for (const id of [used.id, cancelled.id]) {
      const error = await refusal(
        me.call("tickets.assign", {
          ticketId: id,
          name: "X",
          phone: "+447911123404",
          idempotencyKey: key(),
        }),
      );
      expect(error.status).toBe("FAILED_PRECONDITION");
    }
    const past = await kit.holderOf(1, { startsInHours: 1 });
    const [ticket] = (await past.me.call("tickets.forEvent", { eventId: past.event.id })).tickets;
    await db.db.execute(
      `update events set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' where id = '${past.event.id}'` as never,
    );
    const ended = await refusal(
      past.me.call("tickets.assign", {
        ticketId: ticket.id,
        name: "X",
        email: "x@example.com",
        idempotencyKey: key(),
      }),
    );
    expect(ended.details).toMatchObject({ reason: "ended" });
    const fresh = await kit.holderOf(1);
    const [valid] = (await fresh.me.call("tickets.forEvent", { eventId: fresh.event.id })).tickets;
    const invalid = await refusal(
      fresh.me.call("tickets.assign", {
        ticketId: valid.id,
        name: "X",
        phone: "12",
        idempotencyKey: key(),
      }),
    );
    expect(invalid.status).toBe("INVALID_ARGUMENT");
  });

  it("keeps issued tokens valid across a key rotation and refuses another event's token", async () => {
    const { me, event, ownerClient } = await kit.holderOf(1);
    const other = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    const ring = await kit.ring();
    const newKid = await ring.rotate();
    expect((await kit.verifyOffline(ticket.qr))?.kid).toBeLessThan(newKid);
    expect(
      (await ownerClient.call("tickets.verifyToken", { eventId: event.id, token: ticket.qr }))
        .verdict,
    ).toBe("valid");
    const fresh = await me.call("tickets.get", { ticketId: ticket.id });
    expect((await kit.verifyOffline(fresh.qr))?.kid).toBe(newKid);
    const [theirs] = (await other.me.call("tickets.forEvent", { eventId: other.event.id })).tickets;
    expect(
      (await ownerClient.call("tickets.verifyToken", { eventId: event.id, token: theirs.qr }))
        .verdict,
    ).toBe("wrong-event");
    expect(
      await ownerClient.call("tickets.verifyToken", {
        eventId: event.id,
        token: `${ticket.qr.slice(0, -2)}AA`,
      }),
    ).toEqual(invalidVerdict("signature"));
    const published = await ring.publishedKeys();
    expect(published.filter((k) => k.status === "active")).toHaveLength(1);
  });
});

describe.each(testDatabases.slice(0, 1))("event changes on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await ticketsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("tells every holder when the organiser moves the event or its venue, and nobody for a new description", async () => {
    const { me, event, owner } = await kit.holderOf(2);
    const friend = await kit.user({ email: "moved@example.com" });
    const [, second] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    await me.call("tickets.assign", {
      ticketId: second.id,
      name: "Moved Friend",
      email: "moved@example.com",
      idempotencyKey: key(),
    });
    const base = {
      eventId: event.id,
      title: event.title,
      description: "Now with words.",
      venueName: event.venueName,
      venueAddress: event.venueAddress,
      timeZone: event.timeZone,
      category: event.category,
      startsLocal: toLocalInput(event.startsAt, event.timeZone),
      endsLocal: toLocalInput(event.endsAt, event.timeZone),
    };
    const count = async (userId: string) =>
      (
        await kit.as({ userId, sessionId: "s", roles: [] }).call("notifications.list", {})
      ).items.filter((n: { kind: string }) => n.kind === "event-changed").length;
    // The editor works in minutes: a first save rounds the kit's times without telling anyone.
    await updateEvent(db.db, owner.id, updateEventInput.parse(base), false);
    await updateEvent(db.db, owner.id, updateEventInput.parse(base), true);
    await kit.tellNotices();
    expect(await count(me.user.id)).toBe(0);
    const later = new Date(event.startsAt.getTime() + 86_400_000);
    await updateEvent(
      db.db,
      owner.id,
      updateEventInput.parse({
        ...base,
        startsLocal: toLocalInput(later, event.timeZone),
        endsLocal: toLocalInput(new Date(later.getTime() + 3_600_000), event.timeZone),
      }),
      true,
    );
    // The holders are told by the notice worker, batch by batch, after the edit commits.
    await kit.tellNotices();
    expect([await count(me.user.id), await count(friend.user.id)]).toEqual([1, 1]);
    const { items } = await friend.call("notifications.list", {});
    expect(items[0]).toMatchObject({
      title: "Concert of Tests has changed",
      link: `/my_ticket/${event.id}`,
    });
  });
});
