import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOwnedEventNotices } from "#server/modules/events/event-authoring.functions.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { createMessageService } from "#server/platform/messages/create-message-service.ts";
import type { MessageAdapter } from "#server/platform/messages/message-adapter.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { makeEvent, makeUser } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext } from "#tests/support/kits/profile-test-kit.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { countDeliveries } from "./delivery-counts.ts";
import { deliverNextFanoutBatch, startFanout } from "./notice-fanout.ts";
import { noticeFanouts } from "./notifications.schema.ts";
import { notifyUser } from "./notifications.service.ts";

describe.each(testDatabases)("notice delivery on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await ticketsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  const count = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ n: number }>(db.db, query))[0]?.n ?? 0;
  // Straight into the outbox (no service): its unique keys are what is being tested.
  const outbox = { messages: null, publicUrl: "http://localhost:3999" };

  /** Three people, an event moved: a fan-out to them, not yet told. */
  async function movedEvent() {
    const made = await makeEvent(db.db);
    const people = [
      await makeUser(db.db, { email: `${randomUUID()}@example.com` }),
      await makeUser(db.db, { email: `${randomUUID()}@example.com`, notifyByEmail: false }),
      await makeUser(db.db),
    ];
    const ids = sql.join(
      people.map((person) => sql`${person.id}::uuid`),
      sql`, `,
    );
    const fanout = await db.db.transaction((tx) =>
      startFanout(tx, {
        kind: "event-changed",
        eventId: made.event.id,
        always: true,
        title: `${made.event.title} has changed`,
        body: "New time.",
        recipients: sql`select unnest(array[${ids}]) as user_id, null::text as link`,
      }),
    );
    if (!fanout) throw new Error("no fan-out");
    return { ...made, fanout, people };
  }

  it("tells each person once per channel when a batch is rolled back and when one runs twice", async () => {
    const { fanout } = await movedEvent();
    const notices = () =>
      count(sql`select count(*)::int as n from notifications where key like ${`${fanout.id}:%`}`);
    const messages = () =>
      count(sql`select count(*)::int as n from outbound_messages where source_id = ${fanout.id}`);
    const crash = new Error("killed before the commit");
    await expect(
      deliverNextFanoutBatch(db.db, {
        ...outbox,
        beforeCommit: async () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect([await notices(), await messages()]).toEqual([0, 0]);

    expect(await deliverNextFanoutBatch(db.db, outbox)).toBe(3);
    // In-app 3; email to the two verified addresses (a change ignores "email off"); SMS 3.
    expect([await notices(), await messages()]).toEqual([3, 5]);

    // The same recipients taken again (as a worker would after a lost commit answer).
    await db.db.execute(
      sql`update notice_fanout_recipients set delivered_at = null where fanout_id = ${fanout.id}`,
    );
    expect(await deliverNextFanoutBatch(db.db, outbox)).toBe(3);
    expect([await notices(), await messages()]).toEqual([3, 5]);
  });

  it("shows the owner each notice of the event with its counts, and nobody else", async () => {
    const { fanout, event, owner } = await movedEvent();
    await deliverNextFanoutBatch(db.db, outbox);
    // What the message service made of them: one sent, one kept, one failed, the rest queued.
    const ids = await rowsOf<{ id: string }>(
      db.db,
      sql`select id from outbound_messages where source_id = ${fanout.id} and channel = 'sms' order by id`,
    );
    const statuses = ["sent", "kept", "failed"];
    for (const [i, status] of statuses.entries()) {
      await db.db.execute(
        sql`update outbound_messages set status = ${status} where id = ${ids[i]?.id}`,
      );
    }
    const registry = createRegistry([listOwnedEventNotices]);
    const as = (userId: string) =>
      registry.invoke(
        "events.notices",
        { eventId: event.id },
        functionContext(kit.services, { userId, sessionId: "s", roles: [] }),
      );
    const { items } = (await as(owner.id)) as { items: unknown[] };
    expect(items).toEqual([
      expect.objectContaining({
        id: fanout.id,
        kind: "event-changed",
        status: "sent",
        delivery: {
          app: { delivered: 3, total: 3 },
          email: { sent: 0, failed: 0, pending: 2 },
          sms: { sent: 2, failed: 1, pending: 0 },
        },
      }),
    ]);
    const other = await makeEvent(db.db);
    expect((await refusal(as(other.owner.id))).status).toBe("NOT_FOUND");
    const stranger = await makeUser(db.db);
    expect((await refusal(as(stranger.id))).status).toBe("FAILED_PRECONDITION");
    const notMine = await refusal(
      registry.invoke(
        "events.notices",
        { eventId: randomUUID() },
        functionContext(kit.services, { userId: owner.id, sessionId: "s", roles: [] }),
      ),
    );
    expect(notMine.status).toBe("NOT_FOUND");
    const [row] = await db.db.select().from(noticeFanouts).where(eq(noticeFanouts.id, fanout.id));
    expect(row).toMatchObject({ delivered: 3, total: 3, status: "sent" });
  });

  it("counts a message failed once its provider kept failing through every retry", async () => {
    const attempts: string[] = [];
    const failing: MessageAdapter = {
      name: "down",
      async deliver(message) {
        attempts.push(message.to);
        throw new Error("provider down");
      },
    };
    const service = await createMessageService({
      settings: kit.services.settings,
      database: db,
      log: kit.services.log,
      adapters: { sms: failing, email: failing },
      delivery: {
        retryLimit: 2,
        retryDelaySeconds: 1,
        retryDelayMaxSeconds: 1,
        pollingIntervalSeconds: 0.5,
      },
    });
    await service.start();
    try {
      const person = await makeUser(db.db, { email: `${randomUUID()}@example.com` });
      const sourceId = randomUUID();
      await db.db.transaction((tx) =>
        notifyUser(
          tx,
          {
            userId: person.id,
            kind: "organizer-message",
            title: "Parking",
            body: "The car park opens at 18:00.",
            key: `${sourceId}:${person.id}`,
            sourceId,
          },
          { messages: service, publicUrl: null },
        ),
      );
      const pendingAtFirst = (await countDeliveries(db.db, [sourceId])).get(sourceId);
      expect(pendingAtFirst?.email.pending).toBe(1);
      const deadline = Date.now() + 60_000;
      let counts = pendingAtFirst;
      while (Date.now() < deadline) {
        counts = (await countDeliveries(db.db, [sourceId])).get(sourceId);
        if (counts && counts.email.pending + counts.sms.pending === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(counts).toEqual({
        email: { sent: 0, failed: 1, pending: 0 },
        sms: { sent: 0, failed: 1, pending: 0 },
      });
      // Each tried, retried with backoff, then given up on: 1 + retryLimit attempts.
      const mine = attempts.filter((to) => to === person.email || to === person.phone);
      expect(mine).toHaveLength(6);
    } finally {
      await service.stop();
    }
  }, 90_000);
});
