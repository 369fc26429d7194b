import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { attendeeMessagesKit } from "#tests/support/kits/attendee-messages-test-kit.ts";
import { refusal, refusedPaths } from "#tests/support/refusal.ts";
import { deliverNextBatch } from "./attendee-message-delivery.ts";
import { startAttendeeMessageWorker } from "./attendee-message-worker.ts";
import { attendeeMessages } from "./attendee-messages.schema.ts";

type Kit = Awaited<ReturnType<typeof attendeeMessagesKit>>;

describe.each(testDatabases)("attendee messages on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Kit;
  beforeAll(async () => {
    database = await open();
    kit = await attendeeMessagesKit(database);
  }, 120_000);
  afterAll(() => database?.dispose());

  const message = { subject: "Doors at 19:30", body: "Doors open half an hour later." };
  const deliverAll = async (batchSize = 200) => {
    let batches = 0;
    while ((await deliverNextBatch(kit.db, { ...kit.delivery, batchSize })) > 0) batches++;
    return batches;
  };

  it("previews the current holders: one per person, cancelled tickets and deleted accounts left out", async () => {
    const owner = await kit.owner();
    const [standing, seated] = owner.types;
    if (!standing || !seated) throw new Error("no types");
    const people = await kit.holders(owner.event.id, standing.id, 6);
    await kit.holders(owner.event.id, seated.id, 2);
    // A second ticket for the first holder, one cancelled ticket, one deleted account.
    await kit.db.execute(sql`insert into tickets (booking_id, event_id, ticket_type_id, holder_user_id, attendee_name, secret)
      select booking_id, event_id, ticket_type_id, holder_user_id, 'Again', md5(random()::text) from tickets where holder_user_id = ${people[0]}`);
    await kit.db.execute(
      sql`update tickets set status = 'cancelled' where holder_user_id = ${people[1]}`,
    );
    await kit.db.execute(sql`update users set deleted_at = now() where id = ${people[2]}`);

    const all = await owner.call("attendeeMessages.preview", { eventId: owner.event.id });
    expect(all).toMatchObject({ count: 6, sms: true, usage: { used: 0, limit: 50 } });
    expect(all.names).toEqual([
      "Holder 00001",
      "Holder 00002",
      "Holder 00004",
      "Holder 00005",
      "Holder 00006",
    ]);
    const onlySeated = await owner.call("attendeeMessages.preview", {
      eventId: owner.event.id,
      ticketTypeIds: [seated.id],
    });
    expect(onlySeated.count).toBe(2);
  });

  it("sends to every holder once: a notification each, email and SMS as their settings allow", async () => {
    const owner = await kit.owner("pro");
    const [standing] = owner.types;
    if (!standing) throw new Error("no type");
    const settings = ["default", "email-only", "sms-only", "none"] as const;
    const people = await kit.holders(
      owner.event.id,
      standing.id,
      8,
      (n) => settings[n % 4] ?? "default",
    );

    const sent = await owner.call("attendeeMessages.send", { eventId: owner.event.id, ...message });
    expect(sent).toMatchObject({ status: "sending", total: 8, delivered: 0 });
    expect(await deliverAll(3)).toBe(3);
    expect(await deliverNextBatch(kit.db, kit.delivery)).toBe(0);

    const got = await owner.call("attendeeMessages.get", { messageId: sent.id });
    // Of 8: default ×2 (email + SMS), email-only ×2, sms-only ×2, none ×2.
    expect(got).toMatchObject({ status: "sent", total: 8, delivered: 8, emails: 4, sms: 4 });
    expect(got.finishedAt).not.toBeNull();
    const notes = await kit.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} in ${people}`);
    expect(notes).toHaveLength(8);
    expect(notes[0]).toMatchObject({
      kind: "organizer-message",
      title: "Event published: Doors at 19:30",
    });
    const list = await owner.call("attendeeMessages.list");
    expect(list.items.map((m: { id: string }) => m.id)).toEqual([sent.id]);
    expect(list.usage).toEqual({ used: 1, limit: 50 });
  });

  it("sends no SMS on the free plan, and refuses a 4th message in a month with its reason", async () => {
    const owner = await kit.owner("free");
    const [standing] = owner.types;
    if (!standing) throw new Error("no type");
    await kit.holders(owner.event.id, standing.id, 3);
    for (let i = 0; i < 3; i++) {
      await owner.call("attendeeMessages.send", { eventId: owner.event.id, ...message });
    }
    await deliverAll();
    const { items } = await owner.call("attendeeMessages.list");
    expect(items.map((m: { sms: number; emails: number }) => [m.emails, m.sms])).toEqual([
      [3, 0],
      [3, 0],
      [3, 0],
    ]);
    const error = await refusal(
      owner.call("attendeeMessages.send", { eventId: owner.event.id, ...message }),
    );
    expect(error.status).toBe("FAILED_PRECONDITION");
    expect(error.message).toBe(
      "Your free plan allows 3 messages to attendees a month. Upgrade to Pro to send more.",
    );
    expect(error.details).toEqual({ reason: "plan-limit", limit: 3 });
  });

  it("answers NOT_FOUND to another owner, a user without a business, and made-up ids", async () => {
    const owner = await kit.owner();
    const [standing] = owner.types;
    if (!standing) throw new Error("no type");
    await kit.holders(owner.event.id, standing.id, 2);
    const sent = await owner.call("attendeeMessages.send", { eventId: owner.event.id, ...message });
    const other = await kit.owner();
    const plain = await kit.user();
    for (const caller of [other, plain]) {
      for (const [name, data] of [
        ["attendeeMessages.preview", { eventId: owner.event.id }],
        ["attendeeMessages.send", { eventId: owner.event.id, ...message }],
        ["attendeeMessages.get", { messageId: sent.id }],
      ] as const) {
        expect((await refusal(caller.call(name, data))).status).toBe("NOT_FOUND");
      }
    }
    expect((await refusal(plain.call("attendeeMessages.list"))).status).toBe("FAILED_PRECONDITION");
    // Another event's ticket type, a made-up event, a malformed message id.
    const [otherType] = other.types;
    for (const [name, data] of [
      ["attendeeMessages.preview", { eventId: owner.event.id, ticketTypeIds: [otherType?.id] }],
      ["attendeeMessages.preview", { eventId: randomUUID() }],
      ["attendeeMessages.get", { messageId: "nope" }],
    ] as const) {
      expect((await refusal(owner.call(name, data))).status).toBe("NOT_FOUND");
    }
    const mine = await kit.db
      .select()
      .from(attendeeMessages)
      .where(eq(attendeeMessages.businessId, other.business.id));
    expect(mine).toEqual([]);
  });

  it("refuses bad input field by field, and an event nobody holds a ticket for", async () => {
    const owner = await kit.owner();
    const bad = await refusal(
      owner.call("attendeeMessages.send", { eventId: "", subject: " ", body: "x".repeat(2001) }),
    );
    expect(bad.status).toBe("INVALID_ARGUMENT");
    expect(refusedPaths(bad).sort()).toEqual(["body", "eventId", "subject"]);
    const empty = await refusal(
      owner.call("attendeeMessages.send", { eventId: owner.event.id, ...message }),
    );
    expect(empty.status).toBe("FAILED_PRECONDITION");
    expect(empty.details).toEqual({ reason: "no-recipients" });
    expect((await owner.call("attendeeMessages.list")).usage.used).toBe(0);
  });

  it("refuses an 11th send within the hour, whatever the plan allows", async () => {
    const owner = await kit.owner("pro");
    const [standing] = owner.types;
    if (!standing) throw new Error("no type");
    await kit.holders(owner.event.id, standing.id, 1);
    for (let i = 0; i < 10; i++) {
      await owner.call("attendeeMessages.send", { eventId: owner.event.id, ...message });
    }
    const error = await refusal(
      owner.call("attendeeMessages.send", { eventId: owner.event.id, ...message }),
    );
    expect(error.status).toBe("RESOURCE_EXHAUSTED");
    expect((await owner.call("attendeeMessages.list")).usage.used).toBe(10);
  });

  it("wakes this process's delivery worker on a send instead of leaving it to its next poll", async () => {
    // Whatever earlier tests left queued goes out first, so the worker is idle before the send.
    await deliverAll();
    const worker = startAttendeeMessageWorker(kit.db, createLogger("silent"), {
      ...kit.delivery,
      idleSeconds: 600,
    });
    try {
      await vi.waitFor(() => expect(worker.polls()).toBeGreaterThan(0));
      const owner = await kit.owner("pro");
      const [standing] = owner.types;
      if (!standing) throw new Error("no type");
      await kit.holders(owner.event.id, standing.id, 3);
      const sent = await owner.call("attendeeMessages.send", {
        eventId: owner.event.id,
        ...message,
      });
      // Ten minutes until its next poll: only the send's signal can have woken it.
      await vi.waitFor(
        async () =>
          expect(await owner.call("attendeeMessages.get", { messageId: sent.id })).toMatchObject({
            status: "sent",
            delivered: 3,
          }),
        { timeout: 5_000, interval: 50 },
      );
      expect(worker.batches()).toBe(1);
    } finally {
      await worker.stop();
    }
  });
});
